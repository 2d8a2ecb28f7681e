import type { TAppConfiguration } from '@mip/shared';

/**
 * The path of a public map call as an application's map makes it: under /applications/{appId}/, where the
 * server keeps to the groups and incident kinds the app allows; the platform's own path otherwise.
 */
export function mapCallPath(config: TAppConfiguration, path: string): string {
  const appId = applicationIdOf(config);
  return appId === null ? path : `applications/${appId}/${path}`;
}

/** The application a configuration is of; null for the platform's own (whose answer says `app.appId: null`). */
export function applicationIdOf(config: TAppConfiguration): number | null {
  const appId = config.appId;
  if (typeof appId === 'number') return appId;
  return typeof appId === 'string' && /^\d+$/.test(appId) ? Number(appId) : null;
}
