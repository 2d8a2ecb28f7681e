import {
  ALLOWED_SYSTEMS,
  parseConfigurationValue,
  type TApplication,
  type TApplicationListItem,
  type TApplicationSettings,
  type TApplicationSettingsValues,
  type TConfigurationPair,
} from '@mip/shared';
import type { applications } from '../../db/schema/index.ts';
import { fingerprint } from '../../lib/fingerprint.ts';

export type TApplicationRow = typeof applications.$inferSelect;
export type TApplicationWithProfile = TApplicationRow & { profileName: string | null };

/** Where each setting of a vertical app is kept among its configuration pairs (the platform's names). */
export const SETTING_NAMES = {
  appTitle: 'app.appTitle',
  defaultColor: 'app.defaultColor',
  baseMapUrl: 'app.baseMapUrl',
  baseMapAttribution: 'app.baseMapAttribution',
  allowedSystems: 'app.allowedSystems',
  allowedGroups: 'app.allowedGroups',
  mapCenter: 'app.mapCenter',
  mapZoom: 'app.mapZoom',
} as const satisfies Record<keyof TApplicationSettings, string>;

/** The pairs a vertical app stores: a setting left empty stores none, so the platform's value holds. */
export function toSettingPairs(settings: TApplicationSettingsValues): TConfigurationPair[] {
  return Object.entries(SETTING_NAMES).flatMap(([key, name]) => {
    const value = settings[key as keyof TApplicationSettings];
    return value === null ? [] : [{ name, value: JSON.stringify(value) }];
  });
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A vertical app's settings read back from its pairs; what is missing is left to the platform. */
export function toSettings(pairs: TConfigurationPair[]): TApplicationSettings {
  const read = (key: keyof TApplicationSettings) => {
    const pair = pairs.find((candidate) => candidate.name === SETTING_NAMES[key]);
    return pair ? parseConfigurationValue(pair.value) : undefined;
  };
  const kinds = read('allowedSystems');
  const groups = read('allowedGroups');
  const centre = read('mapCenter') as { lat?: unknown; lng?: unknown } | undefined;
  const zoom = read('mapZoom');
  const text = (key: keyof TApplicationSettings) => {
    const value = read(key);
    return isString(value) && value !== '' ? value : null;
  };
  return {
    appTitle: text('appTitle'),
    defaultColor: text('defaultColor'),
    baseMapUrl: text('baseMapUrl'),
    baseMapAttribution: text('baseMapAttribution'),
    allowedSystems: Array.isArray(kinds)
      ? ALLOWED_SYSTEMS.filter((kind) => kinds.includes(kind))
      : [...ALLOWED_SYSTEMS],
    allowedGroups: Array.isArray(groups) ? groups.filter(isFiniteNumber) : [],
    mapCenter:
      centre && isFiniteNumber(centre.lat) && isFiniteNumber(centre.lng) ? { lat: centre.lat, lng: centre.lng } : null,
    mapZoom: isFiniteNumber(zoom) ? zoom : null,
  };
}

export function toApplicationListItem(row: TApplicationWithProfile): TApplicationListItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    withAuth: row.withAuth,
    logo: row.logo,
    configs: { url: row.url },
    profile: row.profileId === null ? null : { id: row.profileId, name: row.profileName ?? '' },
  };
}

export function toApplication(row: TApplicationWithProfile, pairs: TConfigurationPair[]): TApplication {
  return {
    ...toApplicationListItem(row),
    settings: row.type === 'VERTICAL_APP_BASED' ? toSettings(pairs) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of an application: the logo only as a fingerprint. */
export function toApplicationRecord(row: TApplicationRow, settings: TApplicationSettings | null) {
  const { createdAt: _created, updatedAt: _updated, logo, ...fields } = row;
  return { ...fields, logo: fingerprint(logo), settings };
}
