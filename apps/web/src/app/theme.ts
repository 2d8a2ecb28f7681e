import {
  type CSSVariablesResolver,
  createTheme,
  Drawer,
  FileInput,
  type MantineColorsTuple,
  Menu,
  Modal,
  Notification,
} from '@mantine/core';
import './app-colour.css';

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

/** `closeLabel` names the close button of every dialog and drawer, which Mantine leaves unnamed. */
export function createAppTheme(closeLabel: string) {
  return createTheme({
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
 * In dark mode links are a lighter shade of the primary colour: its shade 4 reads at under 4:1 on a card.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', '--mantine-color-anchor': 'var(--app-primary-3)' },
});
