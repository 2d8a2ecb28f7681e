import type { TGtfsChangeCounts, TGtfsSummary } from '@mip/shared';
import type { TDatabaseClient } from '../../../db/database.ts';
import type { TFeedModel } from '../reader/feed-model.ts';
import { formatIsoDate } from '../reader/values.ts';
import { isMappedStop, meaningfulText, routeDisplayName, routeExternalRef, stopExternalRef } from './feed-systems.ts';
import { feedCounts } from './stage-feed.ts';

interface TExistingSystem {
  external_ref: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
  color: string | null;
  description: string;
  active: boolean;
}

function countChanges(
  wanted: Map<string, (existing: TExistingSystem) => boolean>,
  existing: TExistingSystem[],
  prefix: string,
): TGtfsChangeCounts {
  const current = new Map(
    existing.filter((row) => row.external_ref.startsWith(prefix)).map((row) => [row.external_ref, row]),
  );
  let added = 0;
  let changed = 0;
  for (const [ref, isSame] of wanted) {
    const row = current.get(ref);
    if (!row) added++;
    else if (!row.active || !isSame(row)) changed++;
  }
  let removed = 0;
  for (const [ref, row] of current) if (row.active && !wanted.has(ref)) removed++;
  return { added, changed, removed };
}

const near = (a: number | null, b: number | null) => a !== null && b !== null && Math.abs(a - b) < 1e-7;

/**
 * What importing the feed would do to the group's systems: stops and routes
 * added, changed (name, place or colour, or brought back) and removed (the
 * group has them from an earlier feed, this one does not: they would be
 * deactivated).
 */
export async function summarizeFeed(db: TDatabaseClient, groupId: number, model: TFeedModel): Promise<TGtfsSummary> {
  const { rows } = await db.$client.query<TExistingSystem>(
    `select external_ref, name, latitude, longitude, color, description, active from mobility_systems
      where group_id = $1 and (external_ref like 'stop:%' or external_ref like 'route:%')`,
    [groupId],
  );
  const stops = new Map<string, (row: TExistingSystem) => boolean>();
  for (const stop of model.stops) {
    if (!isMappedStop(stop)) continue;
    stops.set(
      stopExternalRef(stop.stopId),
      (row) =>
        row.name === (stop.name || stop.stopId) &&
        near(row.latitude, stop.latitude) &&
        near(row.longitude, stop.longitude),
    );
  }
  const routes = new Map<string, (row: TExistingSystem) => boolean>();
  for (const route of model.routes) {
    const colour = route.color ? `#${route.color}` : null;
    const longName = meaningfulText(route.longName);
    const description = route.shortName && longName ? longName : (route.description ?? '');
    routes.set(
      routeExternalRef(route.routeId),
      (row) => row.name === routeDisplayName(route) && row.color === colour && row.description === description,
    );
  }
  return {
    counts: feedCounts(model, model.stopTimeCount),
    stops: countChanges(stops, rows, 'stop:'),
    routes: countChanges(routes, rows, 'route:'),
    removedSystems: 'DEACTIVATED',
    feedStartDate: model.startDate === null ? null : formatIsoDate(model.startDate),
    feedEndDate: model.endDate === null ? null : formatIsoDate(model.endDate),
    feedVersion: model.feedInfo?.version ?? null,
    publisherName: model.feedInfo?.publisherName ?? null,
    agencyNames: model.agencies.map((agency) => agency.name),
  };
}
