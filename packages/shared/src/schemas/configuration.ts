import { z } from 'zod';

export const ZConfigurationPair = z.object({ name: z.string(), value: z.string() });
export type TConfigurationPair = z.infer<typeof ZConfigurationPair>;

export const ALLOWED_SYSTEMS = ['EVENT', 'FUTURE_EVENT'] as const;

/** The application configuration once transformed as the spec says. */
export interface TAppConfiguration {
  appTitle?: string;
  defaultColor?: string;
  appId?: string | number | null;
  allowDarkMode?: boolean;
  allowedSystems?: string[];
  defaultCountry?: string;
  [name: string]: unknown;
}

/**
 * Spec 000 §3: drop the 'app.' prefix, dots become underscores, 'true' and
 * 'false' become booleans and anything else is parsed as JSON (kept as the
 * raw string when it is not JSON, so a plain title still reads).
 */
export function transformConfiguration(pairs: readonly TConfigurationPair[]): TAppConfiguration {
  const result: TAppConfiguration = {};
  for (const { name, value } of pairs) {
    const key = name.replace(/^app\./, '').replaceAll('.', '_');
    result[key] = parseConfigurationValue(value);
  }
  return result;
}

export function parseConfigurationValue(value: string): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** The logo a vertical app shows in its menu (spec 001 §3 defaultLogo), else the platform's icon. */
export function appLogoSource(config: TAppConfiguration, size: number): string {
  return typeof config.defaultLogo === 'string' && config.defaultLogo.startsWith('/api/')
    ? config.defaultLogo
    : `/api/configuration/public/appicon?type=SVG&size=${size}`;
}

/** Hex of 3, 4, 6 or 8 digits, or hsl()/hsla() (spec 001 §5). */
export const COLOUR_PATTERN =
  /^(#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|hsla?\(\s*\d{1,3}(?:\.\d+)?(?:deg)?\s*,?\s*\d{1,3}(?:\.\d+)?%\s*,?\s*\d{1,3}(?:\.\d+)?%\s*(?:[,/]\s*(?:0|1|0?\.\d+|\d{1,3}%)\s*)?\))$/;

export function isValidColour(value: string): boolean {
  return COLOUR_PATTERN.test(value.trim());
}

export const INFORMATION_TYPES = ['GENERAL_ANNOUNCEMENT', 'DASHBOARD_HIGHLIGHTS'] as const;
export type TInformationType = (typeof INFORMATION_TYPES)[number];
export const ZInformationQuery = z.object({ type: z.enum(INFORMATION_TYPES) });
export const ZInformation = z.object({ content: z.string() });

export const ZAppIconQuery = z.object({
  type: z.enum(['PNG', 'SVG']).default('SVG'),
  size: z.coerce.number().int().min(16).max(1024).default(192),
});
