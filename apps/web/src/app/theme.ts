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

/** Ten shades around the configured colour, which sits at shade 6 (Mantine's primary shade). */
export function buildShades(colour: string | undefined): MantineColorsTuple {
  const rgb =
    parseHex(colour && isValidColour(colour) ? colour : FALLBACK) ?? (parseHex(FALLBACK) as [number, number, number]);
  const lighter = [0.92, 0.8, 0.64, 0.46, 0.28, 0.12].map((amount) => mix(rgb, 255, amount));
  const darker = [0.12, 0.26, 0.4].map((amount) => mix(rgb, 0, amount));
  return [...lighter, mix(rgb, 0, 0), ...darker] as unknown as MantineColorsTuple;
}

/** `closeLabel` names the close button of every dialog and drawer, which Mantine leaves unnamed. */
export function createAppTheme(colour: string | undefined, closeLabel: string) {
  return createTheme({
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
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
