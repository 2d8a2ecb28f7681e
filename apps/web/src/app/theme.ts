import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  Drawer,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  Menu,
  Modal,
  Notification,
  parseThemeColor,
  rem,
  type VariantColorsResolver,
} from '@mantine/core';
import { isValidColour } from '@mip/shared';

const FALLBACK = '#0a6c74';

function parseHex(hex: string): [number, number, number] | null {
  const value = hex.replace('#', '');
  const full =
    value.length === 3 || value.length === 4
      ? value
          .slice(0, 3)
          .split('')
          .map((c) => c + c)
          .join('')
      : value.slice(0, 6);
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function mix(rgb: [number, number, number], target: number, amount: number): string {
  const channel = (c: number) =>
    Math.round(c + (target - c) * amount)
      .toString(16)
      .padStart(2, '0');
  return `#${rgb.map(channel).join('')}`;
}

/** WCAG 2's contrast ratio of two colours (1 to 21); text needs 4.5 to reach AA. */
export function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = (parseHex(hex) ?? [0, 0, 0]).map((c) => {
      const v = c / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** AA for body text. */
const MIN_TEXT_CONTRAST = 4.5;

/** The first shade, tried in the given order, that reads at AA on every background; undefined if none does. */
export function readableShade(shades: readonly string[], order: readonly number[], backgrounds: readonly string[]) {
  return order.find((index) =>
    backgrounds.every((bg) => contrastRatio(shades[index] as string, bg) >= MIN_TEXT_CONTRAST),
  );
}

/** Ten shades around the configured colour, which sits at shade 6 (Mantine's primary shade). */
export function buildShades(colour: string | undefined): MantineColorsTuple {
  const rgb =
    parseHex(colour && isValidColour(colour) ? colour : FALLBACK) ?? (parseHex(FALLBACK) as [number, number, number]);
  const lighter = [0.92, 0.8, 0.64, 0.46, 0.28, 0.12].map((amount) => mix(rgb, 255, amount));
  const darker = [0.12, 0.26, 0.4].map((amount) => mix(rgb, 0, amount));
  return [...lighter, mix(rgb, 0, 0), ...darker] as unknown as MantineColorsTuple;
}

/**
 * An outline badge or button keeps one shade in both schemes ("teal.9" is dark
 * on dark): its text and border take the light variant's text colour instead,
 * shade 9 in light mode and 0 in dark, which reads on either background.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (input.variant !== 'outline' || !parsed.isThemeColor) return resolved;
  const text = `var(--mantine-color-${parsed.color}-light-color)`;
  return { ...resolved, color: text, border: `${rem(1)} solid ${text}` };
};

/** `closeLabel` names the close button of every dialog and drawer, which Mantine leaves unnamed. */
export function createAppTheme(colour: string | undefined, closeLabel: string) {
  return createTheme({
    // Filled badges and buttons take black or white text, whichever reads better on their colour: WCAG's
    // crossover luminance, so the pick always reaches 4.5:1 (Mantine's default 0.3 left white on blue at 4.2).
    autoContrast: true,
    luminanceThreshold: 0.179,
    variantColorResolver,
    primaryColor: 'brand',
    primaryShade: { light: 6, dark: 5 },
    colors: { brand: buildShades(colour) },
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    defaultRadius: 'md',
    // Spec 000 §9: below 992 px the console switches to its mobile layout.
    breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
    components: {
      // The default notification text is too faint to read (and fails WCAG AA contrast).
      Notification: Notification.extend({ styles: { description: { color: 'var(--mantine-color-dimmed)' } } }),
      // Mantine's focus placeholder is a focusable child with no role, which breaks the menu's ARIA structure.
      Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
      Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } }),
      Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } }),
    },
  });
}

/** Where links are read: the page, a card or table, and a hovered row. */
const LIGHT_BACKGROUNDS = [DEFAULT_THEME.white, DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]];
const DARK_BACKGROUNDS = [DEFAULT_THEME.colors.dark[7], DEFAULT_THEME.colors.dark[6], DEFAULT_THEME.colors.dark[5]];

/**
 * Mantine's default "dimmed" grey reads at about 3.3:1 on white; secondary text
 * must still reach WCAG AA (4.5:1), so it is one step darker (lighter in dark mode); so is the error red.
 * Links take the configured colour's shade nearest Mantine's (6 in light mode, 4 in dark) that reads
 * at AA, as the colour is the platform's to choose (the default's shade 4 reads at 3.9:1 on a dark card);
 * a colour with no such shade gives links the text colour.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const brand = theme.colors[theme.primaryColor] ?? DEFAULT_THEME.colors.blue;
  const anchor = (order: number[], backgrounds: string[]) => {
    const shade = readableShade(brand, order, backgrounds);
    return shade === undefined ? 'var(--mantine-color-text)' : `var(--mantine-color-${theme.primaryColor}-${shade})`;
  };
  return {
    variables: {},
    light: {
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
      '--mantine-color-error': 'var(--mantine-color-red-8)',
      '--mantine-color-anchor': anchor([6, 7, 8, 9], LIGHT_BACKGROUNDS),
    },
    dark: {
      '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
      // Mantine's red 8 reads at 3.4:1 on the dark page.
      '--mantine-color-error': 'var(--mantine-color-red-4)',
      '--mantine-color-anchor': anchor([4, 3, 2, 1, 0], DARK_BACKGROUNDS),
    },
  };
};
