import type { TAppConfiguration } from '@mip/shared';

/**
 * The path of a public map call as an application's map makes it: under /applications/{appId}/, where the
 * server keeps to the groups and incident kinds the app allows; the platform's own path otherwise.
 */
export function mapCallPath(config: TAppConfiguration, path: string): string {
  const appId = config.appId;
  return typeof appId === 'number' || (typeof appId === 'string' && /^\d+$/.test(appId))
    ? `applications/${appId}/${path}`
    : path;
}

/** The logo a vertical app shows in its menu (spec 001 §3 defaultLogo), else the platform's icon. */
export function appLogoSource(config: TAppConfiguration, size: number): string {
  return typeof config.defaultLogo === 'string' && config.defaultLogo.startsWith('/api/')
    ? config.defaultLogo
    : `/api/configuration/public/appicon?type=SVG&size=${size}`;
}
