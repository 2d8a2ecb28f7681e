import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { TSchedule } from '@mip/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.ts';
import { signInNewUser } from '../../../test/factories.ts';
import { GTFS_FIXTURES, gtfsFixture, importGtfs } from '../../../test/gtfs.ts';
import { createMobilityGroup, createMobilitySystem } from '../../../test/mobility-factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { zipFolder } from '../../../test/zip-writer.ts';
import { activeServiceRefs } from './public-transport.service.ts';

const t = useTestApp({ UPLOAD_DIR: '/tmp/mip-test-uploads' });

/** The three shared feeds, each imported through the API into a group of its own. */
const groups: Record<'metro' | 'caltrain' | 'sample', { groupId: number; feedId: number }> = {} as never;

beforeAll(async () => {
  const { authorization } = await signInNewUser(t, { permissions: ['IMPORT_GTFS_FILE'] });
  for (const [key, fixture] of [
    ['metro', 'metro-porto'],
    ['caltrain', 'caltrain'],
    ['sample', 'google-sample'],
  ] as const) {
    const group = await createMobilityGroup(t.db);
    const job = await importGtfs(t, authorization, group.id, gtfsFixture(fixture));
    groups[key] = { groupId: group.id, feedId: job.id };
    const feed = await t.db.$client.query(`select id from gtfs_feeds where group_id = $1 and status = 'ACTIVE'`, [
      group.id,
    ]);
    groups[key].feedId = feed.rows[0].id;
  }
}, 120_000);

async function systemId(key: keyof typeof groups, externalRef: string): Promise<number> {
  const { rows } = await t.db.$client.query<{ id: number }>(
    'select id from mobility_systems where group_id = $1 and external_ref = $2',
    [groups[key].groupId, externalRef],
  );
  if (!rows[0]) throw new Error(`no system ${externalRef}`);
  return rows[0].id;
}

async function schedule(query: Record<string, string | number>): Promise<TSchedule> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/public-transport/schedule',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const stopSchedule = async (key: keyof typeof groups, stopId: string, date: string) =>
  schedule({ stopId: await systemId(key, `stop:${stopId}`), date });

const allTimes = (answer: TSchedule) =>
  answer.routes.flatMap((route) => route.stopTimes.map((s) => s.arrivalTime)).sort();
const allDepartures = (answer: TSchedule) =>
  answer.routes.flatMap((route) => route.stopTimes.map((s) => s.departureTime)).sort();
const countOf = (answer: TSchedule) => answer.routes.reduce((sum, route) => sum + route.stopTimes.length, 0);

/** Distinct trips of a route on a date, both directions, through the route timetable. */
async function tripsOfRoute(key: keyof typeof groups, routeId: string, date: string): Promise<number> {
  const id = await systemId(key, `route:${routeId}`);
  const trips = new Set<number>();
  for (const direction of ['MAIN', 'OPPOSITE']) {
    const answer = await schedule({ routeId: id, direction, date });
    for (const stop of answer.routeStopTimes) for (const time of stop.stopTimes) trips.add(time.trip);
  }
  return trips.size;
}

async function serviceIdsOn(key: keyof typeof groups, date: string): Promise<string[]> {
  const refs = await activeServiceRefs(t.db, groups[key].feedId, date);
  const { rows } = await t.db.$client.query<{ service_id: string }>(
    'select service_id from gtfs_services where feed_id = $1 and ref = any($2::int[]) order by service_id',
    [groups[key].feedId, refs],
  );
  return rows.map((row) => row.service_id);
}

describe('GET /api/public-transport/schedule — Metro do Porto', () => {
  it('runs the weekday services on Monday 14 April 2025, with every trip through Trindade', async () => {
    expect(await serviceIdsOn('metro', '2025-04-14')).toEqual(['AU', 'BU', 'BexpU', 'CU', 'DU', 'EU', 'FU']);
    const trindade = await stopSchedule('metro', '5726', '2025-04-14');
    expect(trindade.available).toBe(true);
    expect(trindade.stop?.name).toBe('Trindade');
    expect(countOf(trindade)).toBe(1151);
    const times = allTimes(trindade);
    expect(times[0]).toBe('05:58:00');
    expect(times.at(-1)).toBe('25:32:00');
    expect(trindade.services.map((service) => service.serviceId).sort()).toEqual([
      'AU',
      'BU',
      'BexpU',
      'CU',
      'DU',
      'EU',
      'FU',
    ]);
    expect(trindade.services[0].serviceDays).toEqual(['MON', 'TUE', 'WED', 'THU', 'FRI']);
    // From the first added service day (calendar_dates) to the calendar's end.
    expect(trindade.coverage).toEqual({ from: '2024-08-15', to: '2025-12-31' });
  });

  it('counts the trips of each line on a weekday and on a Saturday', async () => {
    const weekday = { A: 168, B: 78, Bexp: 54, C: 148, D: 415, E: 133, F: 155 };
    for (const [route, trips] of Object.entries(weekday)) {
      expect(await tripsOfRoute('metro', route, '2025-04-14'), route).toBe(trips);
    }
    const saturday = { A: 179, B: 102, Bexp: 0, C: 124, D: 291, E: 133, F: 89 };
    for (const [route, trips] of Object.entries(saturday)) {
      expect(await tripsOfRoute('metro', route, '2025-04-19'), route).toBe(trips);
    }
    expect(countOf(await stopSchedule('metro', '5726', '2025-04-19'))).toBe(918);
  });

  it('answers the passings of other stops, with the lines that call there', async () => {
    const dragao = await stopSchedule('metro', '5708', '2025-04-14');
    expect(countOf(dragao)).toBe(534);
    expect([...new Set(dragao.routes.map((route) => route.shortName))].sort()).toEqual(['A', 'B', 'Bx', 'E', 'F']);
    const airport = await stopSchedule('metro', '5782', '2025-04-14');
    expect(countOf(airport)).toBe(133);
    expect([...new Set(airport.routes.map((route) => route.shortName))]).toEqual(['E']);
    expect(allTimes(airport)[0]).toBe('06:06:00');
    expect(allTimes(airport).at(-1)).toBe('25:04:00');
    expect(countOf(await stopSchedule('metro', '5703', '2025-04-14'))).toBe(682);
    const saoBento = await stopSchedule('metro', '5778', '2025-04-14');
    expect(countOf(saoBento)).toBe(415);
    expect(saoBento.routes.map((route) => route.shortName)).toEqual(['D', 'D']);
  });

  it('runs the holiday services on 25 April 2025', async () => {
    expect(await serviceIdsOn('metro', '2025-04-25')).toEqual([
      'ADF',
      'ADFT',
      'BDF',
      'BexDF',
      'BexpU',
      'CDF',
      'DDF',
      'EDF',
      'FDF',
    ]);
    // Every trip runs through Trindade: its passings are the day's trips.
    const trindade = await stopSchedule('metro', '5726', '2025-04-25');
    expect(countOf(trindade)).toBe(924);
  });

  it('gives a route its stops in order per direction, with one trip followed from end to end', async () => {
    const { rows } = await t.db.$client.query<{ ref: number }>(
      `select ref from gtfs_trips where feed_id = $1 and trip_id = 'BU0'`,
      [groups.metro.feedId],
    );
    const answer = await schedule({
      routeId: await systemId('metro', 'route:B'),
      direction: 'MAIN',
      date: '2025-04-14',
    });
    expect(answer.routes.map((route) => route.direction)).toEqual(['MAIN', 'OPPOSITE']);
    expect(answer.routes[0]).toMatchObject({ shortName: 'B', color: '#C63920', headsign: 'Póvoa de Varzim' });
    const bu0 = answer.routeStopTimes.flatMap((stop) => stop.stopTimes.filter((time) => time.trip === rows[0].ref));
    expect(bu0).toHaveLength(36);
    expect(bu0[0].arrivalTime).toBe('06:01:00');
    expect(bu0.at(-1)?.arrivalTime).toBe('07:04:00');
    expect(answer.routeStopTimes[0].stop.name).toBe('Estádio do Dragão');
    const opposite = await schedule({
      routeId: await systemId('metro', 'route:B'),
      direction: 'OPPOSITE',
      date: '2025-04-14',
    });
    expect(opposite.routeStopTimes.at(-1)?.stop.name).toBe('Estádio do Dragão');
  });

  it('filters a stop to one line and direction, with that line’s stop list', async () => {
    const answer = await schedule({
      stopId: await systemId('metro', 'stop:5726'),
      routeId: await systemId('metro', 'route:D'),
      direction: 'OPPOSITE',
      date: '2025-04-14',
    });
    expect(answer.routes).toHaveLength(1);
    expect(answer.routes[0]).toMatchObject({ shortName: 'D', direction: 'OPPOSITE' });
    expect(answer.routeStopTimes.some((stop) => stop.stop.name === 'Trindade')).toBe(true);
  });
});

describe('GET /api/public-transport/schedule — Caltrain 2016', () => {
  it('runs only the weekday service on 13 April 2016 and the Sunday one on 4 July 2016', async () => {
    expect(await serviceIdsOn('caltrain', '2016-04-13')).toEqual(['CT-16APR-Caltrain-Weekday-01']);
    expect(await serviceIdsOn('caltrain', '2016-07-04')).toEqual(['CT-16APR-Caltrain-Sunday-02']);
  });

  it('answers Tamien on the 4 July holiday', async () => {
    const tamien = await stopSchedule('caltrain', '777403', '2016-07-04');
    expect(tamien.stop?.name).toBe('Tamien Caltrain Station');
    const times = allTimes(tamien);
    expect(times).toHaveLength(29);
    expect(times[0]).toBe('07:33:00');
    expect(times.filter((time) => time >= '15:30:00')).toHaveLength(14);
    expect(times.filter((time) => time >= '17:30:00' && time <= '18:30:00')).toHaveLength(2);
    const { rows } = await t.db.$client.query<{ ref: number; trip_id: string }>(
      `select ref, trip_id from gtfs_trips where feed_id = $1 and trip_id in ('23u', '43u', '38u')`,
      [groups.caltrain.feedId],
    );
    const tripIds = new Map(rows.map((row) => [row.ref, row.trip_id]));
    const passings = tamien.routes
      .flatMap((route) => route.stopTimes)
      .sort((a, b) => a.arrivalTime.localeCompare(b.arrivalTime));
    expect(tripIds.get(passings[0].trip)).toBe('23u');
    const evening = passings.filter((time) => time.arrivalTime >= '17:30:00' && time.arrivalTime <= '18:30:00');
    expect(evening.map((time) => tripIds.get(time.trip)).sort()).toEqual(['38u', '43u']);
  });

  it('names each train by its number, and signs the two that run on to Gilroy', async () => {
    const answer = await schedule({
      routeId: await systemId('caltrain', 'route:Li-16APR'),
      direction: 'OPPOSITE',
      date: '2016-04-13',
    });
    // Most of the Limited's southbound trains end at Tamien: that is the direction's sign.
    expect(answer.routes.find((route) => route.direction === 'OPPOSITE')?.headsign).toBe('TAMIEN STATION');
    const passings = answer.routeStopTimes.flatMap((stop) => stop.stopTimes);
    const { rows } = await t.db.$client.query<{ ref: number; trip_id: string; headsign: string }>(
      'select ref, trip_id, headsign from gtfs_trips where feed_id = $1',
      [groups.caltrain.feedId],
    );
    const trips = new Map(rows.map((row) => [row.ref, row]));
    // Caltrain's trip_short_name is the train number, which here is also its trip_id.
    for (const passing of passings) expect(passing.tripShortName).toBe(trips.get(passing.trip)?.trip_id);
    // A train that ends elsewhere (Diridon, or on to Gilroy) says so; the others carry the direction's sign.
    for (const passing of passings) {
      const { headsign } = trips.get(passing.trip) ?? {};
      expect(passing.headsign).toBe(headsign === 'TAMIEN STATION' ? undefined : headsign);
    }
    const toGilroy = passings.filter((passing) => passing.headsign === 'GILROY STATION');
    expect(new Set(toGilroy.map((passing) => passing.tripShortName))).toEqual(new Set(['268', '274']));
  });

  it('keeps every stop_time of the feed', async () => {
    const { rows } = await t.db.$client.query<{
      stop_times: number;
      trip_421a: number;
      bu_trips: number;
      bu_stops: number;
    }>(
      `select (select count(*)::int from gtfs_stop_times st join gtfs_stops s on s.feed_id = st.feed_id and s.ref = st.stop_ref
                where st.feed_id = $1 and s.stop_id = '70011') as stop_times,
              (select count(*)::int from gtfs_stop_times st join gtfs_trips tr on tr.feed_id = st.feed_id and tr.ref = st.trip_ref
                where st.feed_id = $1 and tr.trip_id = '421a') as trip_421a,
              (select count(*)::int from gtfs_trips tr join gtfs_routes r on r.feed_id = tr.feed_id and r.ref = tr.route_ref
                where tr.feed_id = $1 and r.route_id = 'Bu-16APR') as bu_trips,
              (select count(distinct st.stop_ref)::int from gtfs_stop_times st
                 join gtfs_routes r on r.feed_id = st.feed_id and r.ref = st.route_ref
                where st.feed_id = $1 and r.route_id = 'Bu-16APR') as bu_stops`,
      [groups.caltrain.feedId],
    );
    expect(rows[0]).toEqual({ stop_times: 80, trip_421a: 24, bu_trips: 30, bu_stops: 24 });
  });
});

describe('GET /api/public-transport/schedule — the GTFS reference sample', () => {
  it('has no service on 4 June 2007 and FULLW on 5 June 2007', async () => {
    expect(await serviceIdsOn('sample', '2007-06-04')).toEqual([]);
    expect(await serviceIdsOn('sample', '2007-06-05')).toEqual(['FULLW']);
    const quiet = await stopSchedule('sample', 'BULLFROG', '2007-06-04');
    expect(quiet.available).toBe(true);
    expect(quiet.routes).toEqual([]);
    const bullfrog = await stopSchedule('sample', 'BULLFROG', '2007-06-05');
    expect(bullfrog.stop?.name).toBe('Bullfrog (Demo)');
    // AB1 reaches Bullfrog at 8:10 and leaves at 8:15: the first departure.
    expect(allDepartures(bullfrog)).toHaveLength(4);
    expect(allDepartures(bullfrog)[0]).toBe('08:15:00');
    expect(allDepartures(bullfrog).at(-1)).toBe('12:05:00');
  });

  it('counts 7 trips on 5 June 2007 and the weekend-only AAMV trips on a Saturday', async () => {
    let trips = 0;
    for (const route of ['AB', 'BFC', 'STBA', 'CITY', 'AAMV'])
      trips += await tripsOfRoute('sample', route, '2007-06-05');
    expect(trips).toBe(7);
    expect(await tripsOfRoute('sample', 'AAMV', '2007-06-05')).toBe(0);
    expect(await tripsOfRoute('sample', 'AAMV', '2007-06-09')).toBe(4);
  });

  it('expands the frequency-based shuttle into a run every 30 minutes from 6:00 to 22:00', async () => {
    const answer = await schedule({
      stopId: await systemId('sample', 'stop:STAGECOACH'),
      routeId: await systemId('sample', 'route:STBA'),
      date: '2007-06-05',
    });
    const times = answer.routes.flatMap((route) => route.stopTimes.map((time) => time.departureTime));
    expect(times).toHaveLength(32);
    expect(times[0]).toBe('06:00:00');
    expect(times[1]).toBe('06:30:00');
    expect(times.at(-1)).toBe('21:30:00');
  });
});

describe('GET /api/public-transport/schedule — rules', () => {
  it('is public and answers "not available" for a system without a timetable', async () => {
    const stop = await createMobilitySystem(t.db);
    const answer = await schedule({ stopId: stop.id, date: '2025-04-14' });
    expect(answer).toMatchObject({ available: false, routes: [], routeStopTimes: [] });
  });

  it('answers 404 for an unknown system', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/public-transport/schedule?stopId=999999' });
    expect(response.statusCode).toBe(404);
  });

  it('needs a stop or a route and a real date', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/public-transport/schedule' });
    expectFieldError(none, 'stopId', 'MISSING_STOP_OR_ROUTE');
    const stopId = await systemId('metro', 'stop:5726');
    const badDate = await t.app.inject({
      method: 'GET',
      url: `/api/public-transport/schedule?stopId=${stopId}&date=2025-02-30`,
    });
    expectFieldError(badDate, 'date', 'INVALID_DATE');
    const badDirection = await t.app.inject({
      method: 'GET',
      url: `/api/public-transport/schedule?stopId=${stopId}&direction=NORTH`,
    });
    expectFieldError(badDirection, 'direction', 'INVALID_DIRECTION');
  });

  it('defaults the date to today in the network’s time zone', async () => {
    const answer = await schedule({ stopId: await systemId('metro', 'stop:5726') });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon' }).format(new Date());
    expect(answer).toMatchObject({ date: today, timezone: 'Europe/Lisbon' });
  });
});

describe('GET /api/public-transport/schedule — kept answers', () => {
  it('answers a new import of the feed at once, not the timetable kept from the one before', async () => {
    const { authorization } = await signInNewUser(t, { permissions: ['IMPORT_GTFS_FILE'] });
    const group = await createMobilityGroup(t.db);
    const goodFeed = path.join(GTFS_FIXTURES, 'invalid', 'good_feed');
    await importGtfs(t, authorization, group.id, zipFolder(goodFeed));
    const bullfrog = async () => {
      const { rows } = await t.db.$client.query<{ id: number }>(
        `select id from mobility_systems where group_id = $1 and external_ref = 'stop:BULLFROG'`,
        [group.id],
      );
      return allDepartures(await schedule({ stopId: rows[0].id, date: '2007-06-05' }));
    };
    expect((await bullfrog()).at(-1)).toBe('12:05:00');
    expect((await bullfrog()).at(-1)).toBe('12:05:00');

    // The same feed, its last train through Bullfrog half an hour later.
    const edited = mkdtempSync(path.join(os.tmpdir(), 'mip-feed-'));
    try {
      cpSync(goodFeed, edited, { recursive: true });
      const stopTimes = path.join(edited, 'stop_times.txt');
      writeFileSync(
        stopTimes,
        readFileSync(stopTimes, 'utf8').replace('BFC2,12:00:00,12:00:00', 'BFC2,12:30:00,12:30:00'),
      );
      await importGtfs(t, authorization, group.id, zipFolder(edited));
    } finally {
      rmSync(edited, { recursive: true, force: true });
    }
    expect((await bullfrog()).at(-1)).toBe('12:30:00');
  });
});

describe('GET /api/public-transport/schedule — sent compressed', () => {
  it('sends a browser the timetable brotli- or gzip-compressed, and a 304 when it holds this version', async () => {
    const query = { stopId: String(await systemId('metro', 'stop:5726')), date: '2025-04-14' };
    const ask = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/public-transport/schedule', query, headers });
    const plain = await ask({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    const answer = plain.body;
    expect(countOf(JSON.parse(answer))).toBeGreaterThan(100);

    const br = await ask({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(answer);
    expect(br.rawPayload.length).toBeLessThan(answer.length / 5);

    const gzipped = await ask({ 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(answer);

    const etag = String(br.headers.etag);
    expect(plain.headers.etag).toBe(etag);
    const again = await ask({ 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
