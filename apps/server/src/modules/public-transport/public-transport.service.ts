import {
  type TRouteDirection,
  type TRouteStopTimes,
  type TSchedule,
  type TScheduleQuery,
  type TScheduleRoute,
  type TScheduleService,
  type TServiceDay,
  type TStopTime,
  todayInTimeZone,
} from '@mip/shared';
import type { TDatabase } from '../../db/database.ts';
import { encodeBodies, type TEncodedBodies } from '../../http/encoded-bodies.ts';
import { notFound } from '../../http/errors.ts';
import type { TSharedResultCache } from '../../lib/shared-result-cache.ts';
import { meaningfulText, type TRouteDirections, weekdaysToServiceDays } from '../gtfs/import/feed-systems.ts';
import { formatGtfsTime } from '../gtfs/reader/values.ts';
import { mergeStopPatterns } from './route-stop-order.ts';

const DIRECTIONS: TRouteDirection[] = ['MAIN', 'OPPOSITE'];

function groupBy<T, K>(items: T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

interface TFeedRef {
  feed_id: number;
  ref: number;
  name: string;
  timezone: string;
  has_frequencies: boolean;
  /** The asked date, or today where the network runs. */
  day: string;
  /** The services running that day. */
  services: number[];
  coverage: TSchedule['coverage'];
}

interface TSystemLink {
  system: { id: number; system_type: string; name: string } | null;
  feed: TFeedRef | null;
}

/**
 * The services running on a day, as SQL over a feed and a day expression:
 * calendar.txt rows whose weekday flag is set and whose range holds the day,
 * plus calendar_dates additions, minus its removals. ISO day of week 1 is
 * Monday, bit 0 of the weekdays mask.
 */
function activeServicesSql(feed: string, day: string): string {
  return `select ref from gtfs_services
           where feed_id = ${feed} and (weekdays & (1 << (extract(isodow from ${day})::int - 1))) <> 0
             and start_date <= ${day} and end_date >= ${day}
          union
          select service_ref from gtfs_calendar_dates where feed_id = ${feed} and date = ${day} and exception_type = 1
          except
          select service_ref from gtfs_calendar_dates where feed_id = ${feed} and date = ${day} and exception_type = 2`;
}

/**
 * The system asked for, its stop or route in its group's live feed (if the
 * group has one), the day and the services running that day: one round trip.
 */
async function resolveSystem(
  db: TDatabase,
  systemId: number,
  table: 'gtfs_stops' | 'gtfs_routes',
  date: string | undefined,
): Promise<TSystemLink> {
  const name = table === 'gtfs_stops' ? 'g.name' : `coalesce(nullif(g.short_name, ''), g.long_name)`;
  const { rows } = await db.$client.query<{
    id: number;
    system_type: string;
    system_name: string;
    feed_id: number | null;
    ref: number | null;
    name: string | null;
    timezone: string | null;
    has_frequencies: boolean | null;
    day: string;
    services: number[] | null;
    start_date: string | null;
    end_date: string | null;
  }>(
    `select s.id, s.system_type, s.name as system_name, g.feed_id, g.ref, ${name} as name, f.timezone,
            coalesce((f.counts->>'frequencies')::int, 0) > 0 as has_frequencies, d.day::text as day,
            f.start_date::text as start_date, f.end_date::text as end_date,
            case when g.feed_id is not null then array(${activeServicesSql('g.feed_id', 'd.day')}) end as services
       from mobility_systems s
       left join ${table} g on g.system_id = s.id
        and exists (select 1 from gtfs_feeds a where a.id = g.feed_id and a.status = 'ACTIVE')
       left join gtfs_feeds f on f.id = g.feed_id
       cross join lateral (select coalesce($2::date, (now() at time zone coalesce(f.timezone, 'UTC'))::date) as day) d
      where s.id = $1
      limit 1`,
    [systemId, date ?? null],
  );
  const row = rows[0];
  if (!row) return { system: null, feed: null };
  return {
    system: { id: row.id, system_type: row.system_type, name: row.system_name },
    feed:
      row.feed_id === null || row.ref === null
        ? null
        : {
            feed_id: row.feed_id,
            ref: row.ref,
            name: row.name ?? row.system_name,
            timezone: row.timezone ?? 'UTC',
            has_frequencies: row.has_frequencies === true,
            day: row.day,
            services: row.services ?? [],
            coverage: row.start_date && row.end_date ? { from: row.start_date, to: row.end_date } : null,
          },
  };
}

/** The services running on a date in a feed (the same rule the timetables use). */
export async function activeServiceRefs(db: TDatabase, feedId: number, date: string): Promise<number[]> {
  const { rows } = await db.$client.query<{ ref: number }>(activeServicesSql('$1', '$2::date'), [feedId, date]);
  return rows.map((row) => row.ref);
}

interface TPassingRow {
  route_ref: number;
  direction: number;
  stop_ref: number;
  sequence: number;
  trip_ref: number;
  arrival: number;
  departure: number;
  service_ref: number;
}

/**
 * Frequency-based trips are stored once, with times relative to their first
 * departure; each of their runs is one passing per headway in the window.
 */
async function expandFrequencies(db: TDatabase, feedId: number, rows: TPassingRow[]): Promise<TPassingRow[]> {
  const tripRefs = [...new Set(rows.map((row) => row.trip_ref))];
  const { rows: windows } = await db.$client.query<{
    trip_ref: number;
    start_time: number;
    end_time: number;
    headway_secs: number;
    first_departure: number;
  }>(
    `select f.trip_ref, f.start_time, f.end_time, f.headway_secs,
            (select t.departures[1] from gtfs_trip_times t where t.feed_id = $1 and t.trip_ref = f.trip_ref)
              as first_departure
       from gtfs_frequencies f where f.feed_id = $1 and f.trip_ref = any($2::int[])`,
    [feedId, tripRefs],
  );
  if (windows.length === 0) return rows;
  const byTrip = groupBy(windows, (window) => window.trip_ref);
  return rows.flatMap((row) => {
    const tripWindows = byTrip.get(row.trip_ref);
    if (!tripWindows) return [row];
    return tripWindows.flatMap((window) => {
      const runs: TPassingRow[] = [];
      for (let start = window.start_time; start < window.end_time; start += window.headway_secs) {
        const shift = start - window.first_departure;
        runs.push({ ...row, arrival: row.arrival + shift, departure: row.departure + shift });
      }
      return runs;
    });
  });
}

/** Which passings to read: a stop's (optionally of one route, one direction), or a route direction's. */
type TPassingsOf =
  | { stopRef: number; services: number[]; routeRef?: number; direction?: number }
  | { stopRef?: undefined; routeRef: number; direction: number; services: number[] };

/**
 * A stop's passings. They come back grouped, as arrays per route, direction
 * and service: a busy stop's thousand passings are a dozen rows, which
 * node-postgres parses several times faster than a thousand. The trips' times
 * are taken out of their arrays before grouping (OFFSET 0 keeps the planner
 * from carrying whole arrays into the sort).
 */
async function readStopPassings(
  db: TDatabase,
  feedId: number,
  of: { stopRef: number; services: number[]; routeRef?: number; direction?: number },
): Promise<TPassingRow[]> {
  const values: unknown[] = [feedId, of.stopRef, of.services];
  let condition = '';
  if (of.routeRef !== undefined) {
    values.push(of.routeRef);
    condition += ` and t.route_ref = $${values.length}`;
  }
  if (of.direction !== undefined) {
    values.push(of.direction);
    condition += ` and t.direction = $${values.length}`;
  }
  const { rows } = await db.$client.query<{
    route_ref: number;
    direction: number;
    service_ref: number;
    sequences: number[];
    trips: number[];
    arrivals: number[];
    departures: number[];
  }>(
    `select route_ref, direction, service_ref, array_agg(sequence) as sequences, array_agg(trip_ref) as trips,
            array_agg(arrival) as arrivals, array_agg(departure) as departures
       from (select t.route_ref, t.direction, t.service_ref, s.sequence, t.trip_ref,
                    t.arrivals[s.position] as arrival, t.departures[s.position] as departure
               from gtfs_pattern_stops s
               join gtfs_trip_times t on t.feed_id = s.feed_id and t.pattern_ref = s.pattern_ref
              where s.feed_id = $1 and s.stop_ref = $2 and t.feed_id = $1 and t.service_ref = any($3::int[])${condition}
             offset 0) passing
      group by route_ref, direction, service_ref`,
    values,
  );
  const passings: TPassingRow[] = [];
  for (const row of rows) {
    for (let i = 0; i < row.trips.length; i++) {
      passings.push({
        route_ref: row.route_ref,
        direction: row.direction,
        stop_ref: of.stopRef,
        service_ref: row.service_ref,
        sequence: row.sequences[i],
        trip_ref: row.trips[i],
        arrival: row.arrivals[i],
        departure: row.departures[i],
      });
    }
  }
  return passings;
}

/**
 * A route direction's passings: its trips, a row each with their times, and
 * the stops of their patterns, put together here (a busy route's tens of
 * thousands of passings are a few hundred rows).
 */
async function readRoutePassings(
  db: TDatabase,
  feedId: number,
  of: { routeRef: number; direction: number; services: number[] },
): Promise<TPassingRow[]> {
  const values = [feedId, of.routeRef, of.direction, of.services];
  const [trips, patterns] = await Promise.all([
    db.$client.query<{
      trip_ref: number;
      service_ref: number;
      pattern_ref: number;
      arrivals: number[];
      departures: number[];
    }>(
      `select trip_ref, service_ref, pattern_ref, arrivals, departures from gtfs_trip_times
        where feed_id = $1 and route_ref = $2 and direction = $3 and service_ref = any($4::int[])`,
      values,
    ),
    db.$client.query<{ pattern_ref: number; stops: number[]; sequences: number[] }>(
      `select pattern_ref, array_agg(stop_ref order by position) as stops,
              array_agg(sequence order by position) as sequences
         from gtfs_pattern_stops
        where feed_id = $1 and pattern_ref in (select pattern_ref from gtfs_trip_times
                                                where feed_id = $1 and route_ref = $2 and direction = $3
                                                  and service_ref = any($4::int[]))
        group by pattern_ref`,
      values,
    ),
  ]);
  const byRef = new Map(patterns.rows.map((row) => [row.pattern_ref, row]));
  const passings: TPassingRow[] = [];
  for (const trip of trips.rows) {
    const pattern = byRef.get(trip.pattern_ref);
    if (!pattern) continue;
    for (let i = 0; i < pattern.stops.length; i++) {
      passings.push({
        route_ref: of.routeRef,
        direction: of.direction,
        stop_ref: pattern.stops[i],
        service_ref: trip.service_ref,
        sequence: pattern.sequences[i],
        trip_ref: trip.trip_ref,
        arrival: trip.arrivals[i],
        departure: trip.departures[i],
      });
    }
  }
  return passings;
}

/** The passings of a stop or a route direction on the services of a date, frequency-based trips run out, in time order. */
async function readPassings(
  db: TDatabase,
  feed: { feed_id: number; has_frequencies: boolean },
  of: TPassingsOf,
): Promise<TPassingRow[]> {
  const passings =
    of.stopRef === undefined
      ? await readRoutePassings(db, feed.feed_id, of)
      : await readStopPassings(db, feed.feed_id, of);
  const expanded = feed.has_frequencies ? await expandFrequencies(db, feed.feed_id, passings) : passings;
  return expanded.sort((a, b) => a.arrival - b.arrival || a.trip_ref - b.trip_ref);
}

/** What sets a trip apart from the others of its route: its own sign, its public name. */
interface TTripLabel {
  headsign: string | null;
  shortName: string | null;
}

/**
 * The signs and names of the trips that have one. Most feeds give every trip
 * the same headsign as its direction, so only the trips that say something
 * come back, as three arrays in one row.
 */
async function readTripLabels(db: TDatabase, feedId: number, tripRefs: number[]): Promise<Map<number, TTripLabel>> {
  if (tripRefs.length === 0) return new Map();
  const { rows } = await db.$client.query<{
    refs: number[] | null;
    headsigns: (string | null)[] | null;
    short_names: (string | null)[] | null;
  }>(
    `select array_agg(ref) as refs, array_agg(nullif(headsign, '')) as headsigns,
            array_agg(nullif(short_name, '')) as short_names
       from gtfs_trips
      where feed_id = $1 and ref = any($2::int[]) and (coalesce(headsign, '') <> '' or coalesce(short_name, '') <> '')`,
    [feedId, tripRefs],
  );
  const { refs, headsigns, short_names } = rows[0] ?? {};
  const labels = new Map<number, TTripLabel>();
  for (let i = 0; i < (refs?.length ?? 0); i++) {
    labels.set((refs as number[])[i], { headsign: headsigns?.[i] ?? null, shortName: short_names?.[i] ?? null });
  }
  return labels;
}

/** A passing as the timetable shows it; the trip's sign only where it is not the direction's usual one. */
function toStopTime(row: TPassingRow, trips: Map<number, TTripLabel>, directionHeadsign: string | null): TStopTime {
  const stopTime: TStopTime = {
    arrivalTime: formatGtfsTime(row.arrival),
    departureTime: formatGtfsTime(row.departure),
    trip: row.trip_ref,
  };
  const trip = trips.get(row.trip_ref);
  if (trip?.headsign && trip.headsign !== directionHeadsign) stopTime.headsign = trip.headsign;
  if (trip?.shortName) stopTime.tripShortName = trip.shortName;
  return stopTime;
}

const usualHeadsign = (route: TRouteRow | undefined, direction: number): string | null =>
  route?.directions[direction === 0 ? '0' : '1']?.headsign ?? null;

interface TRouteRow {
  ref: number;
  system_id: number | null;
  short_name: string;
  long_name: string;
  color: string | null;
  text_color: string | null;
  directions: TRouteDirections;
  service_days: TServiceDay[] | null;
}

async function readRoutes(db: TDatabase, feedId: number, refs: number[]): Promise<Map<number, TRouteRow>> {
  const { rows } = await db.$client.query<TRouteRow>(
    `select r.ref, r.system_id, r.short_name, r.long_name, r.color, r.text_color, r.directions, s.service_days
       from gtfs_routes r left join mobility_systems s on s.id = r.system_id
      where r.feed_id = $1 and r.ref = any($2::int[])
      order by r.sort_order nulls last, r.short_name, r.ref`,
    [feedId, refs],
  );
  return new Map(rows.map((row) => [row.ref, row]));
}

function scheduleRoute(route: TRouteRow, direction: 0 | 1, stopTimes: TStopTime[]): TScheduleRoute | null {
  if (route.system_id === null) return null;
  return {
    id: route.system_id,
    shortName: route.short_name,
    longName: meaningfulText(route.long_name),
    color: route.color ? `#${route.color}` : null,
    textColor: route.text_color ? `#${route.text_color}` : null,
    direction: DIRECTIONS[direction],
    headsign: usualHeadsign(route, direction),
    serviceDays: route.service_days ?? [],
    stopTimes,
  };
}

async function readServices(db: TDatabase, feedId: number, refs: number[]): Promise<TScheduleService[]> {
  if (refs.length === 0) return [];
  const { rows } = await db.$client.query<{
    service_id: string;
    weekdays: number;
    start_date: string | null;
    end_date: string | null;
  }>(
    `select service_id, weekdays, start_date::text as start_date, end_date::text as end_date
       from gtfs_services where feed_id = $1 and ref = any($2::int[]) order by service_id`,
    [feedId, refs],
  );
  return rows.map((row) => ({
    serviceId: row.service_id,
    serviceDays: weekdaysToServiceDays(row.weekdays),
    startDate: row.start_date,
    endDate: row.end_date,
  }));
}

async function readStops(db: TDatabase, feedId: number, refs: number[]) {
  const { rows } = await db.$client.query<{ ref: number; system_id: number | null; name: string }>(
    'select ref, system_id, name from gtfs_stops where feed_id = $1 and ref = any($2::int[])',
    [feedId, refs],
  );
  return new Map(rows.map((row) => [row.ref, row]));
}

const unavailable = (date: string | undefined, timezone = 'UTC'): TSchedule => ({
  available: false,
  date: date ?? todayInTimeZone(timezone),
  timezone,
  stop: null,
  routes: [],
  routeStopTimes: [],
  services: [],
  coverage: null,
});

const distinct = <T>(values: T[]) => [...new Set(values)];

/** A stop's passings on a date, by route and direction (optionally one route, one direction). */
async function stopSchedule(
  db: TDatabase,
  stop: TFeedRef,
  stopSystemId: number,
  route: TFeedRef | null,
  direction: TRouteDirection | undefined,
): Promise<TSchedule> {
  const passings = await readPassings(db, stop, {
    stopRef: stop.ref,
    services: stop.services,
    routeRef: route?.ref,
    direction: direction ? DIRECTIONS.indexOf(direction) : undefined,
  });
  const byRoute = groupBy(passings, (row) => `${row.route_ref}:${row.direction}`);
  const [routes, services, trips, routeStopTimes] = await Promise.all([
    readRoutes(db, stop.feed_id, distinct(passings.map((row) => row.route_ref))),
    readServices(db, stop.feed_id, distinct(passings.map((row) => row.service_ref))),
    readTripLabels(db, stop.feed_id, distinct(passings.map((row) => row.trip_ref))),
    route ? routeStops(db, route, direction ?? 'MAIN') : Promise.resolve({ stops: [], services: [] }),
  ]);
  const answer: TScheduleRoute[] = [];
  for (const [ref, row] of routes) {
    for (const way of [0, 1] as const) {
      const rows = byRoute.get(`${ref}:${way}`);
      if (!rows) continue;
      const headsign = usualHeadsign(row, way);
      const entry = scheduleRoute(
        row,
        way,
        rows.map((passing) => toStopTime(passing, trips, headsign)),
      );
      if (entry) answer.push(entry);
    }
  }
  return {
    available: true,
    date: stop.day,
    timezone: stop.timezone,
    stop: { id: stopSystemId, name: stop.name },
    routes: answer,
    routeStopTimes: routeStopTimes.stops,
    services,
    coverage: stop.coverage,
  };
}

/** The stops of a route in one direction, in order, each with its passings on the date, and the route's row. */
async function routeStops(
  db: TDatabase,
  route: TFeedRef,
  direction: TRouteDirection,
): Promise<{ stops: TRouteStopTimes[]; services: number[]; row?: TRouteRow }> {
  const [passings, routes] = await Promise.all([
    readPassings(db, route, {
      routeRef: route.ref,
      direction: DIRECTIONS.indexOf(direction),
      services: route.services,
    }),
    readRoutes(db, route.feed_id, [route.ref]),
  ]);
  const row = routes.get(route.ref);
  const pattern = row?.directions[direction === 'MAIN' ? '0' : '1']?.stopRefs ?? [];
  const byStop = groupBy(passings, (passing) => passing.stop_ref);
  const tripPatterns = [...groupBy(passings, (passing) => passing.trip_ref).values()].map((trip) =>
    trip.sort((a, b) => a.sequence - b.sequence).map((passing) => passing.stop_ref),
  );
  const stopRefs = mergeStopPatterns([pattern, ...tripPatterns]);
  const [stops, trips] = await Promise.all([
    readStops(db, route.feed_id, stopRefs),
    readTripLabels(db, route.feed_id, distinct(passings.map((passing) => passing.trip_ref))),
  ]);
  const headsign = usualHeadsign(row, DIRECTIONS.indexOf(direction));
  return {
    row,
    services: distinct(passings.map((passing) => passing.service_ref)),
    stops: stopRefs.flatMap((ref) => {
      const stop = stops.get(ref);
      if (!stop || stop.system_id === null) return [];
      const stopTimes = (byStop.get(ref) ?? []).map((passing) => toStopTime(passing, trips, headsign));
      return [{ stop: { id: stop.system_id, name: stop.name }, stopTimes }];
    }),
  };
}

/** A route on a date: the directions it has, the asked one (MAIN by default) with its stop list and times. */
async function routeSchedule(db: TDatabase, route: TFeedRef, direction: TRouteDirection): Promise<TSchedule> {
  const { stops, services, row } = await routeStops(db, route, direction);
  const answer = row
    ? ([0, 1] as const)
        .filter((way) => row.directions[way === 0 ? '0' : '1'])
        .map((way) => scheduleRoute(row, way, []))
        .filter((entry): entry is TScheduleRoute => entry !== null)
    : [];
  return {
    available: true,
    date: route.day,
    timezone: route.timezone,
    stop: null,
    routes: answer,
    routeStopTimes: stops,
    services: await readServices(db, route.feed_id, services),
    coverage: route.coverage,
  };
}

/**
 * GET /public-transport/schedule: the timetable of a stop or a route on a
 * date, as JSON in every encoding it is sent in. An unknown system is a 404; a
 * system whose group has no timetable answers `available: false`. The answer
 * depends only on the live feed (a new import is a new feed id), the systems
 * and the day, so it is kept in `cache` under those, compressed: the busiest
 * stop's thousands of passings are read, written and compressed once per feed
 * and day, and every later visitor costs the one query that finds the feed and
 * a tenth of the bytes.
 */
export async function readSchedule(
  db: TDatabase,
  query: TScheduleQuery,
  cache: TSharedResultCache<TEncodedBodies>,
): Promise<TEncodedBodies> {
  const [stopLink, routeLink] = await Promise.all([
    query.stopId ? resolveSystem(db, query.stopId, 'gtfs_stops', query.date) : null,
    query.routeId ? resolveSystem(db, query.routeId, 'gtfs_routes', query.date) : null,
  ]);
  if ((stopLink && !stopLink.system) || (routeLink && !routeLink.system)) throw notFound();
  // "No timetable" depends only on its day and time zone: kept too, so such asks cost no compression each.
  const noTimetable = (timezone?: string) => {
    const answer = unavailable(query.date, timezone);
    return cache.read(`none:${answer.date}:${answer.timezone}`, () => encodeBodies(JSON.stringify(answer)));
  };
  const feed = stopLink?.feed ?? routeLink?.feed ?? null;
  if (!feed) return noTimetable();
  const isLinked = (link: TSystemLink | null) => !link || link.feed?.feed_id === feed.feed_id;
  // A stop and a route of different networks have no timetable together.
  if (!isLinked(stopLink) || !isLinked(routeLink)) return noTimetable(feed.timezone);
  const stop = stopLink?.feed && query.stopId ? { link: stopLink.feed, systemId: query.stopId } : null;
  const key = [feed.feed_id, feed.day, query.stopId ?? '', query.routeId ?? '', query.direction ?? ''].join(':');
  return cache.read(key, async () =>
    encodeBodies(
      JSON.stringify(
        stop
          ? await stopSchedule(db, stop.link, stop.systemId, routeLink?.feed ?? null, query.direction)
          : await routeSchedule(db, feed, query.direction ?? 'MAIN'),
      ),
    ),
  );
}
