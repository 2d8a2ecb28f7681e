import { isValidColour, readableLinkShades, type TConfigurationPair } from '@mip/shared';
import { Resvg } from '@resvg/resvg-js';

const FALLBACK_COLOUR = '#0a6c74';

function readColour(pairs: TConfigurationPair[]): string {
  const raw = pairs.find((pair) => pair.name === 'app.defaultColor')?.value;
  let value: unknown = raw;
  try {
    value = raw ? JSON.parse(raw) : undefined;
  } catch {
    // a bare colour string, not JSON
  }
  return typeof value === 'string' && isValidColour(value) ? value : FALLBACK_COLOUR;
}

/** The product's icon: a route between two stops on the application's colour. */
export function renderIconSvg(pairs: TConfigurationPair[], size: number): string {
  const colour = readColour(pairs);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="14" fill="${colour}"/>
  <path d="M18 46c0-10 28-6 28-16 0-5-4-8-10-8" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round"/>
  <circle cx="18" cy="46" r="6" fill="#fff"/>
  <path d="M36 10c-5 0-9 4-9 9 0 7 9 15 9 15s9-8 9-15c0-5-4-9-9-9z" fill="#fff"/>
  <circle cx="36" cy="19" r="3.5" fill="${colour}"/>
</svg>`;
}

export function renderIconPng(pairs: TConfigurationPair[], size: number): Buffer {
  const resvg = new Resvg(renderIconSvg(pairs, size), { fitTo: { mode: 'width', value: size } });
  return resvg.render().asPng();
}

/**
 * CSS custom properties the web app's theme and any embedding page can use:
 * the colour, and the shade of it links read at AA in each scheme (the text
 * colour when none does — a pale yellow on white, say).
 */
export function renderAppStyle(pairs: TConfigurationPair[]): string {
  const colour = readColour(pairs);
  const links = readableLinkShades(colour);
  const shade = (index: number | null) =>
    index === null ? 'var(--mantine-color-text)' : `var(--app-primary-${index})`;
  return [
    ':root {',
    `  --app-primary-color: ${colour};`,
    `  --app-link-light: ${shade(links.light)};`,
    `  --app-link-dark: ${shade(links.dark)};`,
    '}',
    '',
  ].join('\n');
}
