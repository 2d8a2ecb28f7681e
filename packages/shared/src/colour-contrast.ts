import { isValidColour } from './schemas/configuration.ts';

/**
 * The primary colour's shades and how well text in them reads (WCAG 2). The
 * console mixes the same ten shades in CSS from the application's stylesheet
 * (apps/web/src/app/app-colour.css: shade 6 is the colour, 0–5 toward white,
 * 7–9 toward black, in sRGB); the server, which writes that stylesheet, picks
 * from them the shades links can be read in.
 */
const FALLBACK = '#0a6c74';
/** AA for body text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** Where links are read in the console: the page, a card or table, a hovered row (Mantine's defaults). */
export const LINK_BACKGROUNDS = {
  light: ['#ffffff', '#f8f9fa', '#f1f3f5'],
  dark: ['#242424', '#2e2e2e', '#3b3b3b'],
} as const;

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

/** hsl()/hsla() as the configuration accepts it (hue in degrees; the alpha is ignored): CSS's sRGB conversion. */
function parseHsl(colour: string): [number, number, number] | null {
  const numbers = colour.match(/\d+(?:\.\d+)?/g)?.map(Number);
  if (!/^hsla?\(/i.test(colour) || !numbers || numbers.length < 3) return null;
  const [hue, saturation, lightness] = [
    ((numbers[0] as number) % 360) / 60,
    (numbers[1] as number) / 100,
    (numbers[2] as number) / 100,
  ];
  const chroma = (1 - Math.abs(2 * lightness - 1)) * Math.min(saturation, 1);
  const second = chroma * (1 - Math.abs((hue % 2) - 1));
  const sector = Math.floor(hue);
  const [r, g, b] = ([
    [chroma, second, 0],
    [second, chroma, 0],
    [0, chroma, second],
    [0, second, chroma],
    [second, 0, chroma],
    [chroma, 0, second],
  ][sector] ?? [0, 0, 0]) as [number, number, number];
  const lift = lightness - chroma / 2;
  return [r, g, b].map((c) => Math.round((c + lift) * 255)) as [number, number, number];
}

/** A configured colour's red, green and blue (0–255), or null for what the configuration would refuse. */
function parseColour(colour: string): [number, number, number] | null {
  return colour.startsWith('#') ? parseHex(colour) : parseHsl(colour);
}

function mix(rgb: [number, number, number], target: number, amount: number): string {
  const channel = (c: number) =>
    Math.round(c + (target - c) * amount)
      .toString(16)
      .padStart(2, '0');
  return `#${rgb.map(channel).join('')}`;
}

/** Ten shades around the colour, as app-colour.css mixes them (shade 6 is the colour itself). */
export function buildShades(colour: string | undefined): string[] {
  const rgb =
    parseColour(colour && isValidColour(colour) ? colour : FALLBACK) ??
    (parseHex(FALLBACK) as [number, number, number]);
  const lighter = [0.92, 0.8, 0.64, 0.46, 0.28, 0.12].map((amount) => mix(rgb, 255, amount));
  const darker = [0.12, 0.26, 0.4].map((amount) => mix(rgb, 0, amount));
  return [...lighter, mix(rgb, 0, 0), ...darker];
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

/** The first shade, tried in the given order, that reads at AA on every background; undefined if none does. */
export function readableShade(
  shades: readonly string[],
  order: readonly number[],
  backgrounds: readonly string[],
): number | undefined {
  return order.find((index) =>
    backgrounds.every((bg) => contrastRatio(shades[index] as string, bg) >= MIN_TEXT_CONTRAST),
  );
}

/**
 * The shades links take in each scheme: the one nearest Mantine's own (6 in
 * light mode, 4 in dark) that reads at AA, as the colour is the platform's to
 * choose (the default teal's shade 4 reads at 3.9:1 on a dark card); null when
 * no shade does (links then take the text colour).
 */
export function readableLinkShades(colour: string | undefined): { light: number | null; dark: number | null } {
  const shades = buildShades(colour);
  return {
    light: readableShade(shades, [6, 7, 8, 9], LINK_BACKGROUNDS.light) ?? null,
    dark: readableShade(shades, [4, 3, 2, 1, 0], LINK_BACKGROUNDS.dark) ?? null,
  };
}
