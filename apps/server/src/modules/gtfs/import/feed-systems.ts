// Not the package's index, which loads zod and every schema into the GTFS worker thread (see reader/issues.ts).
import { SERVICE_DAYS, type TServiceDay } from '@mip/shared/service-days';
import type { TFeedModel, TRoute, TStop } from '../reader/feed-model.ts';

/**
 * How a feed shows on the map: each boarding stop a STOP system, each route a
 * ROUTE system with its stops by direction and its shapes as a line. They are
 * matched to the group's existing systems by external_ref, so a re-import
 * updates them in place and whatever links to them survives.
 */

export const stopExternalRef = (stopId: string) => `stop:${stopId}`;
export const routeExternalRef = (routeId: string) => `route:${routeId}`;

/** Route long names like Metro do Porto's " - " say nothing; text without a letter or digit is dropped. */
export function meaningfulText(text: string | null | undefined): string {
  const value = (text ?? '').trim();
  return /[\p{L}\p{N}]/u.test(value) ? value : '';
}

export function routeDisplayName(route: Pick<TRoute, 'routeId' | 'shortName' | 'longName'>): string {
  return route.shortName || meaningfulText(route.longName) || route.routeId;
}

/** Weekday bits (Monday = bit 0) → MON…SUN. */
export function weekdaysToServiceDays(weekdays: number): TServiceDay[] {
  return SERVICE_DAYS.filter((_, bit) => (weekdays & (1 << bit)) !== 0);
}

/** The weekday bit of a yyyymmdd date. */
export function weekdayBitOf(date: number): number {
  const day = new Date(Date.UTC(Math.floor(date / 10_000), (Math.floor(date / 100) % 100) - 1, date % 100)).getUTCDay();
  return 1 << ((day + 6) % 7);
}

export interface TDirectionInfo {
  headsign: string | null;
  /** Stop refs of the direction's longest trip, in order. */
  stopRefs: number[];
}

export type TRouteDirections = Partial<Record<'0' | '1', TDirectionInfo>>;

/** The weekdays each service runs on: its calendar days, or for a dates-only service the days of its dates. */
export function serviceWeekdays(model: TFeedModel): Int32Array {
  const days = new Int32Array(model.services.length + 1);
  model.services.forEach((service, i) => {
    days[i + 1] = service.weekdays;
  });
  for (const date of model.calendarDates) {
    if (date.exceptionType === 1 && model.services[date.serviceRef - 1].weekdays === 0) {
      days[date.serviceRef] |= weekdayBitOf(date.date);
    }
  }
  return days;
}

/**
 * Per route and direction: the longest trip (its stops make the MAIN and
 * OPPOSITE stop lists) and the most common headsign.
 */
export function chooseRouteDirections(
  model: TFeedModel,
  tripStopCounts: Int32Array,
): { representativeTrips: Map<string, number>; headsigns: Map<string, string | null> } {
  const representativeTrips = new Map<string, number>();
  const headsignCounts = new Map<string, Map<string, number>>();
  model.trips.forEach((trip, i) => {
    const ref = i + 1;
    const key = `${trip.routeRef}:${trip.directionId}`;
    const best = representativeTrips.get(key);
    if (tripStopCounts[ref] > 0 && (best === undefined || tripStopCounts[ref] > tripStopCounts[best])) {
      representativeTrips.set(key, ref);
    }
    if (trip.headsign) {
      const counts = headsignCounts.get(key) ?? new Map<string, number>();
      counts.set(trip.headsign, (counts.get(trip.headsign) ?? 0) + 1);
      headsignCounts.set(key, counts);
    }
  });
  const headsigns = new Map<string, string | null>();
  for (const [key, counts] of headsignCounts) {
    headsigns.set(key, [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0]);
  }
  return { representativeTrips, headsigns };
}

export interface TSystemRow {
  externalRef: string;
  systemType: 'STOP' | 'ROUTE';
  name: string;
  description: string;
  color: string | null;
  latitude: number | null;
  longitude: number | null;
  geometry: unknown;
  minLatitude: number | null;
  maxLatitude: number | null;
  minLongitude: number | null;
  maxLongitude: number | null;
  serviceDays: TServiceDay[];
  properties: Record<string, unknown>;
}

function boundingBox(coordinates: [number, number][]) {
  if (coordinates.length === 0) return { minLatitude: null, maxLatitude: null, minLongitude: null, maxLongitude: null };
  let [minLongitude, minLatitude] = coordinates[0];
  let [maxLongitude, maxLatitude] = coordinates[0];
  for (const [longitude, latitude] of coordinates) {
    if (latitude < minLatitude) minLatitude = latitude;
    if (latitude > maxLatitude) maxLatitude = latitude;
    if (longitude < minLongitude) minLongitude = longitude;
    if (longitude > maxLongitude) maxLongitude = longitude;
  }
  return { minLatitude, maxLatitude, minLongitude, maxLongitude };
}

/** Boarding stops with a place: those are the ones a timetable is asked for. */
export function isMappedStop(stop: TStop): boolean {
  return stop.locationType === 0 && stop.latitude !== null && stop.longitude !== null;
}

export function stopSystemRow(stop: TStop, serviceDays: TServiceDay[]): TSystemRow {
  const point: [number, number] = [stop.longitude as number, stop.latitude as number];
  return {
    externalRef: stopExternalRef(stop.stopId),
    systemType: 'STOP',
    name: stop.name || stop.stopId,
    description: stop.description ?? '',
    color: null,
    latitude: stop.latitude,
    longitude: stop.longitude,
    geometry: { type: 'Point', coordinates: point },
    ...boundingBox([point]),
    serviceDays,
    properties: {
      gtfsStopId: stop.stopId,
      code: stop.code,
      zoneId: stop.zoneId,
      platformCode: stop.platformCode,
      wheelchairBoarding: stop.wheelchairBoarding,
    },
  };
}

/**
 * By route ref: the distinct shapes its trips follow, in one pass over the trips (once per route, a
 * national feed's 5,000 routes would each go over its half a million trips).
 */
export function shapesByRoute(model: TFeedModel): Map<number, Set<number>> {
  const shapes = new Map<number, Set<number>>();
  for (const trip of model.trips) {
    if (trip.shapeRef === null) continue;
    const refs = shapes.get(trip.routeRef);
    if (refs) refs.add(trip.shapeRef);
    else shapes.set(trip.routeRef, new Set([trip.shapeRef]));
  }
  return shapes;
}

/**
 * A route's line: the distinct shapes its trips follow (`shapeRefs`, see
 * shapesByRoute), or where the feed has no shapes, the stops of each
 * direction joined up.
 */
export function routeGeometry(
  model: TFeedModel,
  shapeRefs: ReadonlySet<number>,
  directions: TRouteDirections,
): [number, number][][] {
  const lines = [...shapeRefs]
    .sort((a, b) => a - b)
    .map((ref) => model.shapes[ref - 1].coordinates)
    .filter((line) => line.length >= 2);
  if (lines.length > 0) return lines;
  return (['0', '1'] as const)
    .map((direction) =>
      (directions[direction]?.stopRefs ?? [])
        .map((ref) => model.stops[ref - 1])
        .filter((stop) => stop.latitude !== null && stop.longitude !== null)
        .map((stop): [number, number] => [stop.longitude as number, stop.latitude as number]),
    )
    .filter((line) => line.length >= 2);
}

export function routeSystemRow(
  model: TFeedModel,
  routeRef: number,
  planned: { directions: TRouteDirections; shapeRefs: ReadonlySet<number>; serviceDays: TServiceDay[] },
): TSystemRow {
  const route = model.routes[routeRef - 1];
  const lines = routeGeometry(model, planned.shapeRefs, planned.directions);
  const longName = meaningfulText(route.longName);
  return {
    externalRef: routeExternalRef(route.routeId),
    systemType: 'ROUTE',
    name: routeDisplayName(route),
    description: route.shortName && longName ? longName : (route.description ?? ''),
    color: route.color ? `#${route.color}` : null,
    latitude: null,
    longitude: null,
    geometry: lines.length === 0 ? null : { type: 'MultiLineString', coordinates: lines },
    ...boundingBox(lines.flat()),
    serviceDays: planned.serviceDays,
    properties: {
      gtfsRouteId: route.routeId,
      shortName: route.shortName,
      longName,
      routeType: route.type,
      textColor: route.textColor ? `#${route.textColor}` : null,
    },
  };
}
