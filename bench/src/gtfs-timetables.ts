import type { TDatabase } from '@mip/server/src/db/database.ts';
import { activeServiceRefs } from '@mip/server/src/modules/public-transport/public-transport.service.ts';
import type { TSchedule } from '@mip/shared';
import type pg from 'pg';
import { HUB_PASSINGS_GOAL, ROUTE_TRIPS_GOAL } from './gtfs-synthetic-networks.ts';
import { p95Ms } from './http-throughput.ts';

/** How many of the busiest stops and route directions are timed, and how often each is asked once cached. */
const BUSIEST_STOPS = 20;
const BUSIEST_ROUTE_DIRECTIONS = 10;
const CACHED_ROUNDS = 8;

/** One timetable asked of the API, and the plain SQL that reads the same passings, a row each (the view gtfs_stop_times). */
interface TTimetableAsk {
  url: string;
  sql: string;
  values: unknown[];
  /** The passings the answer shows (its stop times, all routes or all stops). */
  countPassings: (schedule: TSchedule) => number;
}

/** The p95s of one kind of timetable, in ms: first asks, repeated asks, and the plain SQL. */
export interface TTimetableTimes {
  coldP95Ms: number;
  p95Ms: number;
  sqlP95Ms: number;
}

/** The columns a timetable reads of each passing (the rest of the row it never needs). */
const PASSING_COLUMNS = 'route_ref, direction, stop_ref, service_ref, sequence, trip_ref, arrival, departure';

async function timeFetch(url: string): Promise<{ ms: number; body: string }> {
  const startedAt = performance.now();
  // As a visitor of the public map asks: no session.
  const response = await fetch(url);
  const body = await response.text();
  const ms = performance.now() - startedAt;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 300)}`);
  return { ms, body };
}

async function timeQuery(client: pg.ClientBase, ask: TTimetableAsk): Promise<{ ms: number; rows: number }> {
  const startedAt = performance.now();
  const result = await client.query(ask.sql, ask.values);
  return { ms: performance.now() - startedAt, rows: result.rowCount ?? 0 };
}

/**
 * Times a kind of timetable: each ask once while no answer is cached (cold),
 * checking the answer shows every row the SQL reads; then CACHED_ROUNDS
 * rounds, each ask followed by its SQL on the bench's connection, so both
 * sides see the same load on a shared machine. The SQL's first round only
 * warms the database's buffers, as the cold asks did for the API.
 */
async function timeAsks(client: pg.ClientBase, asks: TTimetableAsk[]): Promise<TTimetableTimes> {
  const cold: number[] = [];
  for (const ask of asks) {
    const { ms, body } = await timeFetch(ask.url);
    cold.push(ms);
    const { rows } = await timeQuery(client, ask);
    const shown = ask.countPassings(JSON.parse(body) as TSchedule);
    if (shown !== rows) throw new Error(`${ask.url} shows ${shown} passings where the SQL reads ${rows}`);
  }
  const cached: number[] = [];
  const sql: number[] = [];
  for (let round = 0; round < CACHED_ROUNDS; round++) {
    for (const ask of asks) {
      cached.push((await timeFetch(ask.url)).ms);
      sql.push((await timeQuery(client, ask)).ms);
    }
  }
  return { coldP95Ms: p95Ms(cold), p95Ms: p95Ms(cached), sqlP95Ms: p95Ms(sql) };
}

/** The busiest stops, the busiest route directions and the busiest route's trips both ways, on the date. */
async function findBusiest(client: pg.ClientBase, feedId: number, services: number[]) {
  const { rows: stops } = await client.query<{ ref: number; system_id: number; passings: number }>(
    `select st.stop_ref as ref, s.system_id, count(*)::int as passings
       from gtfs_stop_times st join gtfs_stops s on s.feed_id = st.feed_id and s.ref = st.stop_ref
      where st.feed_id = $1 and st.service_ref = any($2::int[])
      group by st.stop_ref, s.system_id order by passings desc limit $3`,
    [feedId, services, BUSIEST_STOPS],
  );
  const { rows: routes } = await client.query<{ ref: number; direction: number; system_id: number }>(
    `select st.route_ref as ref, st.direction, r.system_id
       from gtfs_stop_times st join gtfs_routes r on r.feed_id = st.feed_id and r.ref = st.route_ref
      where st.feed_id = $1 and st.service_ref = any($2::int[])
      group by st.route_ref, st.direction, r.system_id order by count(*) desc limit $3`,
    [feedId, services, BUSIEST_ROUTE_DIRECTIONS],
  );
  const { rows: trips } = await client.query<{ trips: number }>(
    `select count(*)::int as trips from gtfs_trips where feed_id = $1 and service_ref = any($2::int[])
      group by route_ref order by trips desc limit 1`,
    [feedId, services],
  );
  return { stops, routes, busiestRouteTrips: trips[0]?.trips ?? 0 };
}

/**
 * The timetables of the busiest stops and route directions of a group's live
 * feed on `date`, against the plain SQL reading the same rows. Throws unless
 * the feed has a stop of HUB_PASSINGS_GOAL passings and a route of
 * ROUTE_TRIPS_GOAL trips that day: the goals are stated at that scale.
 */
export async function measureTimetables(options: {
  baseUrl: string;
  db: TDatabase;
  client: pg.ClientBase;
  groupId: number;
  date: string;
}): Promise<{ stop: TTimetableTimes; route: TTimetableTimes; hubPassings: number; busiestRouteTrips: number }> {
  const { baseUrl, db, client, groupId, date } = options;
  const { rows } = await client.query<{ id: number }>(
    `select id from gtfs_feeds where group_id = $1 and status = 'ACTIVE'`,
    [groupId],
  );
  const feedId = rows[0]?.id;
  if (feedId === undefined) throw new Error(`group ${groupId} has no live feed`);
  const services = await activeServiceRefs(db, feedId, date);
  const busiest = await findBusiest(client, feedId, services);
  const hubPassings = busiest.stops[0]?.passings ?? 0;
  if (hubPassings < HUB_PASSINGS_GOAL || busiest.busiestRouteTrips < ROUTE_TRIPS_GOAL) {
    throw new Error(
      `the bench's feed has ${hubPassings} passings at its busiest stop and ${busiest.busiestRouteTrips} trips on its ` +
        `busiest route on ${date}; the goals are stated for ${HUB_PASSINGS_GOAL} and ${ROUTE_TRIPS_GOAL}`,
    );
  }
  const schedule = `${baseUrl}/api/public-transport/schedule`;
  const stopAsks: TTimetableAsk[] = busiest.stops.map((stop) => ({
    url: `${schedule}?stopId=${stop.system_id}&date=${date}`,
    sql: `select ${PASSING_COLUMNS} from gtfs_stop_times where feed_id = $1 and stop_ref = $2 and service_ref = any($3::int[])`,
    values: [feedId, stop.ref, services],
    countPassings: (answer) => answer.routes.reduce((sum, route) => sum + route.stopTimes.length, 0),
  }));
  const routeAsks: TTimetableAsk[] = busiest.routes.map((route) => ({
    url: `${schedule}?routeId=${route.system_id}&direction=${route.direction === 0 ? 'MAIN' : 'OPPOSITE'}&date=${date}`,
    sql:
      `select ${PASSING_COLUMNS} from gtfs_stop_times where feed_id = $1 and route_ref = $2 and direction = $3 ` +
      'and service_ref = any($4::int[])',
    values: [feedId, route.ref, route.direction, services],
    countPassings: (answer) => answer.routeStopTimes.reduce((sum, stop) => sum + stop.stopTimes.length, 0),
  }));
  return {
    stop: await timeAsks(client, stopAsks),
    route: await timeAsks(client, routeAsks),
    hubPassings,
    busiestRouteTrips: busiest.busiestRouteTrips,
  };
}
