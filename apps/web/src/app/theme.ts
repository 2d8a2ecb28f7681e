import {
  type CSSVariablesResolver,
  createTheme,
  Drawer,
  defaultVariantColorsResolver,
  FileInput,
  type MantineColorsTuple,
  Menu,
  Modal,
  Notification,
  parseThemeColor,
  rem,
  type VariantColorsResolver,
} from '@mantine/core';
import './app-colour.css';
import './links-in-text.css';
import { readableText } from './readable-text';

/**
 * The primary colour's ten shades are CSS custom properties (app-colour.css) mixed from
 * `--app-primary-color`, which the application's stylesheet sets (spec 000 §7, useAppStylesheet):
 * the stylesheet, not a JavaScript copy of the colour, decides how the console looks. Mantine derives its
 * hover and light variants from `var()` colours with color-mix, so every shade follows the stylesheet.
 */
const BRAND_SHADES = Array.from(
  { length: 10 },
  (_, shade) => `var(--app-primary-${shade})`,
) as unknown as MantineColorsTuple;

/**
 * An outline badge or button keeps one shade in both schemes ("teal.9" is dark
 * on dark): its text and border take the light variant's text colour instead,
 * shade 9 in light mode and 0 in dark, which reads on either background.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (input.variant !== 'outline' || !parsed.isThemeColor) return resolved;
  const text = readableText(parsed.color);
  return { ...resolved, color: text, border: `${rem(1)} solid ${text}` };
};

/** `closeLabel` names the close button of every dialog and drawer, which Mantine leaves unnamed. */
export function createAppTheme(closeLabel: string) {
  return createTheme({
    // Filled badges and buttons take black or white text, whichever reads better on their colour: WCAG's
    // crossover luminance, so the pick always reaches 4.5:1 (Mantine's default 0.3 left white on blue at 4.2).
    autoContrast: true,
    luminanceThreshold: 0.179,
    // A visitor who asks their system for less motion gets menus, dialogs and drawers that appear at once
    // (Mantine's transitions last 0 ms for them; MapLibre already jumps instead of flying).
    respectReducedMotion: true,
    variantColorResolver,
    primaryColor: 'brand',
    primaryShade: { light: 6, dark: 5 },
    colors: { brand: BRAND_SHADES },
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    defaultRadius: 'md',
    // Spec 000 §9: below 992 px the console switches to its mobile layout.
    breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
    components: {
      // The default notification text is too faint to read (and fails WCAG AA contrast).
      // A message's lines (the server's words, the error's reference) are kept apart.
      Notification: Notification.extend({
        styles: { description: { color: 'var(--mantine-color-dimmed)', whiteSpace: 'pre-line' } },
      }),
      // A file input's placeholder is text on the page (not a native placeholder): it must read at 4.5:1 too.
      FileInput: FileInput.extend({ styles: { placeholder: { color: 'var(--mantine-color-dimmed)' } } }),
      // Mantine's focus placeholder is a focusable child with no role, which breaks the menu's ARIA structure.
      Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
      Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } }),
      Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } }),
    },
  });
}

/**
 * Mantine's default "dimmed" grey reads at about 3.3:1 on white; secondary text
 * must still reach WCAG AA (4.5:1), so it is one step darker (lighter in dark mode); so is the error red.
 * Links take the shade of the application's colour its stylesheet names as readable in each scheme
 * (`--app-link-light` / `--app-link-dark`, chosen by the server with the colour: readableLinkShades).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-anchor': 'var(--app-link-light, var(--app-primary-6))',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    // Mantine's red 8 reads at 3.4:1 on the dark page.
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-anchor': 'var(--app-link-dark, var(--app-primary-3))',
    // Text in the application's colour (c="brand": a name to click, a figure) took shade 4, which reads at
    // 3.3:1 on a hovered row; the links' shade is the one the server found readable on every dark surface.
    '--mantine-color-brand-text': 'var(--mantine-color-anchor)',
  },
});
