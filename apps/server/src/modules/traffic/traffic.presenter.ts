import {
  TRAFFIC_FEED_FAILURES,
  type TTrafficCollection,
  type TTrafficFeature,
  type TTrafficFeedFailure,
  type TTrafficFeedStatus,
} from '@mip/shared';
import type { trafficFeedStatus, trafficJams } from '../../db/schema/index.ts';
import type { TTrafficSettings } from './traffic.service.ts';

type TStatusRow = typeof trafficFeedStatus.$inferSelect;
type TJamRecord = typeof trafficJams.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const isFailureCode = (code: string | null): code is TTrafficFeedFailure =>
  (TRAFFIC_FEED_FAILURES as readonly (string | null)[]).includes(code);

export function toFeedStatus(settings: TTrafficSettings, row: TStatusRow | null): TTrafficFeedStatus {
  const failedAt = row?.lastFailureAt?.getTime() ?? null;
  const succeededAt = row?.lastSuccessAt?.getTime() ?? null;
  return {
    isFailing: failedAt !== null && (succeededAt === null || failedAt > succeededAt),
    isEnabled: settings.isEnabled,
    isConfigured: settings.feedUrl !== null,
    lastAttemptAt: iso(row?.lastAttemptAt ?? null),
    lastSuccessAt: iso(row?.lastSuccessAt ?? null),
    lastFailureAt: iso(row?.lastFailureAt ?? null),
    lastFailureCode: isFailureCode(row?.lastFailureCode ?? null) ? (row?.lastFailureCode as TTrafficFeedFailure) : null,
    lastFailureDetail: row?.lastFailureDetail ?? null,
    jamCount: row?.jamCount ?? 0,
    skippedCount: row?.skippedCount ?? 0,
    feedTime: iso(row?.feedTime ?? null),
  };
}

export function toTrafficFeature(jam: TJamRecord): TTrafficFeature {
  return {
    type: 'Feature',
    id: jam.uuid,
    geometry: jam.line as TTrafficFeature['geometry'],
    properties: {
      uuid: jam.uuid,
      street: jam.street,
      city: jam.city,
      speed: jam.speed,
      speedKmh: jam.speedKmh,
      length: jam.length,
      delay: jam.delay,
      level: jam.level,
      roadType: jam.roadType,
      pubMillis: jam.pubMillis,
    },
  };
}

export function toTrafficCollection(jams: TJamRecord[], updatedAt: Date | null): TTrafficCollection {
  return { type: 'FeatureCollection', features: jams.map(toTrafficFeature), updatedAt: iso(updatedAt) };
}
