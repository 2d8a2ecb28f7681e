import { gunzipSync } from 'node:zlib';
import type { TEventGeoJson } from '@mip/shared';
import { eq } from 'drizzle-orm';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEntity } from '../../../test/factories.ts';
import { createMobilityGroup, createMobilitySystem } from '../../../test/mobility-factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import {
  eventAffectedSystems,
  eventCategories,
  events,
  gtfsAgencies,
  gtfsFeeds,
  gtfsRoutes,
} from '../../db/schema/index.ts';
import { causeAndEffectOf, ZAlertsFeedJson } from './open-feeds.gtfs-rt.ts';
import { OPEN_FEED_MAX_AGE_SECONDS } from './open-feeds.routes.ts';
import { cifsTime, type TWazeIncident, ZWazeFeed } from './open-feeds.waze.ts';

const { transit_realtime: rt } = GtfsRealtimeBindings;
const t = useTestApp();

const HOUR = 3_600_000;
const now = Date.now();
const at = (offsetMs: number) => new Date(Math.floor((now + offsetMs) / 1000) * 1000);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

const line = (coordinates: [number, number][], properties: Record<string, unknown> = {}) => ({
  type: 'Feature' as const,
  geometry: { type: 'LineString' as const, coordinates },
  properties,
});
const point = (coordinates: [number, number], properties: Record<string, unknown> = {}) => ({
  type: 'Feature' as const,
  geometry: { type: 'Point' as const, coordinates },
  properties,
});
const collection = (...features: TEventGeoJson['features']): TEventGeoJson => ({ type: 'FeatureCollection', features });

const asObject = (message: ReturnType<typeof rt.FeedMessage.decode>) =>
  rt.FeedMessage.toObject(message, { longs: Number, enums: String, defaults: false });

type TIds = Record<
  | 'closure'
  | 'hazard'
  | 'future'
  | 'generic'
  | 'genericAlone'
  | 'hidden'
  | 'resolved'
  | 'ended'
  | 'inactiveCategory'
  | 'areaOnly',
  number
>;
const ids = {} as TIds;
let entityName = '';

/** Stops and routes as a GTFS import leaves them: external_ref "stop:…"/"route:…", the route tied to its agency. */
async function createTransitSystems() {
  const group = await createMobilityGroup(t.db, { name: 'STCP' });
  const [feed] = await t.db.insert(gtfsFeeds).values({ groupId: group.id, status: 'ACTIVE' }).returning();
  await t.db.insert(gtfsAgencies).values({
    feedId: feed.id,
    ref: 1,
    agencyId: 'STCP',
    name: 'Sociedade de Transportes Colectivos do Porto',
    url: 'https://www.stcp.pt',
    timezone: 'Europe/Lisbon',
  });
  const stop = await createMobilitySystem(t.db, { groupId: group.id, externalRef: 'stop:BLM1', sourceFeedId: feed.id });
  const route = await createMobilitySystem(t.db, {
    groupId: group.id,
    systemType: 'ROUTE',
    externalRef: 'route:205',
    sourceFeedId: feed.id,
  });
  await t.db.insert(gtfsRoutes).values({
    feedId: feed.id,
    ref: 1,
    routeId: '205',
    agencyRef: 1,
    shortName: '205',
    longName: 'Campanhã - Castelo do Queijo',
    type: 3,
    systemId: route.id,
  });
  // Neither has a GTFS id: a stop no longer in the timetable, and a system drawn by hand.
  const retired = await createMobilitySystem(t.db, {
    groupId: group.id,
    externalRef: 'stop:OLD',
    sourceFeedId: feed.id,
    active: false,
  });
  const drawn = await createMobilitySystem(t.db, { groupId: group.id, systemType: 'OTHER' });
  return { stop, route, retired, drawn };
}

beforeAll(async () => {
  const entity = await createEntity(t.db, { name: 'Câmara Municipal do Porto' });
  entityName = entity.name;
  const category = async (values: Partial<typeof eventCategories.$inferInsert>) =>
    (
      await t.db
        .insert(eventCategories)
        .values({ name: `Categoria ${Math.random()}`, allowPublic: true, ...values })
        .returning()
    )[0];
  const closed = await category({ name: 'Cortes de trânsito', categoryType: 'TRAFFIC_CLOSED' });
  const hazards = await category({ name: 'Perigos na via', categoryType: 'TRAFFIC_HAZARD' });
  const generic = await category({ name: 'Avisos', categoryType: 'GENERIC' });
  const retiredCategory = await category({ name: 'Antiga', categoryType: 'TRAFFIC_CLOSED', active: false });
  const { stop, route, retired, drawn } = await createTransitSystems();

  const bbox = { minLatitude: 41.14, maxLatitude: 41.16, minLongitude: -8.62, maxLongitude: -8.6 };
  const insertEvent = async (values: Partial<typeof events.$inferInsert>, systemIds: number[] = []) => {
    const [row] = await t.db
      .insert(events)
      .values({
        title: 'Ocorrência',
        categoryId: closed.id,
        fromTimestamp: at(-HOUR),
        geojson: collection(point([-8.61, 41.15])),
        entityId: entity.id,
        ...bbox,
        ...values,
      })
      .returning();
    if (systemIds.length > 0)
      await t.db.insert(eventAffectedSystems).values(systemIds.map((systemId) => ({ eventId: row.id, systemId })));
    return row.id;
  };

  ids.closure = await insertEvent(
    {
      title: 'Obras na Rua de Santa Catarina',
      description: 'Corte total entre a Rua Formosa e a Rua Fernandes Tomás.',
      fromTimestamp: at(-2 * HOUR),
      toTimestamp: at(48 * HOUR),
      priority: 'HIGH',
      status: 'IN_PROGRESS',
      direction: 'BOTH_DIRECTION',
      subType: 'ROAD_CLOSED_CONSTRUCTION',
      geojson: collection(
        // An alternative path comes first: it is not where the road is closed.
        line(
          [
            [-8.6, 41.14],
            [-8.59, 41.15],
          ],
          { isAlternative: true },
        ),
        point([-8.605, 41.148]),
        line(
          [
            [-8.6068, 41.1476],
            [-8.6064, 41.1489],
            [-8.6061, 41.1502],
          ],
          { textMarker: 'Rua de Santa Catarina' },
        ),
      ),
    },
    [stop.id, route.id, retired.id, drawn.id],
  );
  ids.hazard = await insertEvent({
    title: 'Buraco na Avenida da Boavista',
    categoryId: hazards.id,
    priority: 'LOW',
    direction: 'ONE_DIRECTION',
    subType: 'HAZARD_ON_ROAD_POT_HOLE',
    geojson: collection(point([-8.6437, 41.1579])),
  });
  ids.future = await insertEvent(
    {
      title: 'Meia Maratona do Porto',
      categoryId: closed.id,
      fromTimestamp: at(72 * HOUR),
      toTimestamp: at(80 * HOUR),
      direction: 'ONE_DIRECTION',
      subType: 'ROAD_CLOSED_EVENT',
      isFuture: true,
      geojson: collection(
        line(
          [
            [-8.67, 41.16],
            [-8.66, 41.15],
          ],
          { direction: 'BOTH_DIRECTION' },
        ),
      ),
    },
    [stop.id],
  );
  ids.generic = await insertEvent({ title: 'Elevador avariado', categoryId: generic.id, priority: 'CRITICAL' }, [
    stop.id,
  ]);
  ids.genericAlone = await insertEvent({ title: 'Aviso sem sistemas', categoryId: generic.id });
  ids.areaOnly = await insertEvent({
    title: 'Cheia na Ribeira',
    categoryId: hazards.id,
    subType: 'HAZARD_WEATHER',
    geojson: {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [-8.62, 41.14],
                [-8.6, 41.14],
                [-8.6, 41.16],
                [-8.62, 41.14],
              ],
            ],
          },
          properties: {},
        },
      ],
    },
  });
  // Never published: not public, finished, past its end, or of a disabled category.
  ids.hidden = await insertEvent({ title: 'Interno', isPublic: false }, [stop.id]);
  ids.resolved = await insertEvent({ title: 'Resolvida', status: 'RESOLVED' }, [stop.id]);
  ids.ended = await insertEvent({ title: 'Acabou', fromTimestamp: at(-5 * HOUR), toTimestamp: at(-HOUR) }, [stop.id]);
  ids.inactiveCategory = await insertEvent({ title: 'Categoria inativa', categoryId: retiredCategory.id }, [stop.id]);
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe('GET /api/feeds/gtfs-rt/alerts', () => {
  it('answers a protobuf FeedMessage with one alert per public live event naming a GTFS stop or route', async () => {
    const response = await get('/api/feeds/gtfs-rt/alerts');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-protobuf');
    const feed = asObject(rt.FeedMessage.decode(response.rawPayload));

    expect(feed.header.gtfsRealtimeVersion).toBe('2.0');
    expect(feed.header.incrementality).toBe('FULL_DATASET');
    expect(Math.abs(feed.header.timestamp - Date.now() / 1000)).toBeLessThan(30);
    // Oldest start first; the Waze-only hazard and the generic event without systems have no transit to name.
    expect(feed.entity.map((entity: { id: string }) => entity.id)).toEqual(
      [ids.closure, ids.generic, ids.future].map((id) => `event-${id}`),
    );

    const [closure, generic, future] = feed.entity;
    expect(closure).toEqual({
      id: `event-${ids.closure}`,
      alert: {
        activePeriod: [{ start: seconds(at(-2 * HOUR)), end: seconds(at(48 * HOUR)) }],
        // The retired stop and the hand-drawn system have no GTFS id to give.
        informedEntity: [{ stopId: 'BLM1' }, { agencyId: 'STCP', routeId: '205' }],
        cause: 'CONSTRUCTION',
        effect: 'DETOUR',
        severityLevel: 'SEVERE',
        url: { translation: [{ text: `http://mip.test/?occurrence=${ids.closure}` }] },
        headerText: {
          translation: [
            { language: 'pt', text: 'Obras na Rua de Santa Catarina' },
            { language: 'en', text: 'Road closed for works: Obras na Rua de Santa Catarina' },
          ],
        },
        descriptionText: {
          translation: [
            {
              language: 'pt',
              text:
                'Corte total entre a Rua Formosa e a Rua Fernandes Tomás.\n\n' +
                'Cortes de trânsito · Via cortada por obras · Estado: Em curso',
            },
            {
              language: 'en',
              text:
                'Road closed for works · Status: In progress\n\n' +
                'In Portuguese: Corte total entre a Rua Formosa e a Rua Fernandes Tomás.',
            },
          ],
        },
      },
    });
    // No end time: an open period. A generic event says neither cause nor effect it cannot know.
    expect(generic.alert.activePeriod).toEqual([{ start: seconds(at(-HOUR)) }]);
    expect(generic.alert).toMatchObject({
      informedEntity: [{ stopId: 'BLM1' }],
      cause: 'UNKNOWN_CAUSE',
      effect: 'OTHER_EFFECT',
      severityLevel: 'SEVERE',
      headerText: { translation: [{ text: 'Elevador avariado' }, { text: 'Incident: Elevador avariado' }] },
      descriptionText: {
        translation: [
          { language: 'pt', text: 'Avisos · Ocorrência · Estado: Aberta' },
          { language: 'en', text: 'Incident · Status: Open' },
        ],
      },
    });
    // A future event is announced ahead with its coming period; a closure naming only stops: they are not served.
    expect(future.alert).toMatchObject({
      activePeriod: [{ start: seconds(at(72 * HOUR)), end: seconds(at(80 * HOUR)) }],
      informedEntity: [{ stopId: 'BLM1' }],
      cause: 'SPECIAL_EVENT',
      effect: 'NO_SERVICE',
      severityLevel: 'WARNING',
    });
  });

  it('answers the same FeedMessage as JSON at alerts.json', async () => {
    const [binary, json] = await Promise.all([get('/api/feeds/gtfs-rt/alerts'), get('/api/feeds/gtfs-rt/alerts.json')]);
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = json.json();
    expect(ZAlertsFeedJson.safeParse(body).success).toBe(true);
    expect(body.header).toMatchObject({ gtfsRealtimeVersion: '2.0', incrementality: 'FULL_DATASET' });
    expect(body.entity[0].alert).toMatchObject({ cause: 'CONSTRUCTION', effect: 'DETOUR' });
    // Read back with the bindings, it is the protobuf answer, field for field.
    const fromJson = asObject(rt.FeedMessage.decode(rt.FeedMessage.encode(rt.FeedMessage.fromObject(body)).finish()));
    const fromBinary = asObject(rt.FeedMessage.decode(binary.rawPayload));
    expect(fromJson.entity).toEqual(fromBinary.entity);
    expect(fromJson.header.gtfsRealtimeVersion).toBe(fromBinary.header.gtfsRealtimeVersion);
  });
});

describe('GET /api/feeds/waze/cifs.json', () => {
  it('lists the public road closures and hazards in CIFS, and nothing else', async () => {
    const response = await get('/api/feeds/waze/cifs.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const feed = ZWazeFeed.parse(response.json());
    const byId = new Map(feed.incidents.map(({ incident }) => [Number(incident.id), incident]));
    expect([...byId.keys()].sort((a, b) => a - b)).toEqual(
      [ids.closure, ids.hazard, ids.areaOnly, ids.future].sort((a, b) => a - b),
    );
    for (const absent of [ids.generic, ids.genericAlone, ids.hidden, ids.resolved, ids.ended, ids.inactiveCategory])
      expect(byId.has(absent)).toBe(false);

    expect(byId.get(ids.closure)).toEqual({
      id: String(ids.closure),
      type: 'ROAD_CLOSED',
      subtype: 'ROAD_CLOSED_CONSTRUCTION',
      // The first line that is not an alternative path, in the order it was drawn, as "lat lon" pairs.
      polyline: '41.147600 -8.606800 41.148900 -8.606400 41.150200 -8.606100',
      street: 'Rua de Santa Catarina',
      direction: 'BOTH_DIRECTIONS',
      starttime: cifsTime(at(-2 * HOUR)),
      endtime: cifsTime(at(48 * HOUR)),
      description: 'Corte total entre a Rua Formosa e a Rua Fernandes Tomás.',
      creationtime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/),
      updatetime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/),
      source: {
        reference: String(ids.closure),
        name: entityName,
        url: `http://mip.test/?occurrence=${ids.closure}`,
      },
    } satisfies TWazeIncident);
    expect(cifsTime(at(-2 * HOUR))).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);

    // A point is a one-pair polyline; no text marker: the title names the place; no end: no endtime.
    const hazard = byId.get(ids.hazard);
    expect(hazard).toMatchObject({
      type: 'HAZARD',
      subtype: 'HAZARD_ON_ROAD_POT_HOLE',
      polyline: '41.157900 -8.643700',
      street: 'Buraco na Avenida da Boavista',
      direction: 'ONE_DIRECTION',
      description: 'Buraco na Avenida da Boavista',
    });
    expect(hazard?.endtime).toBeUndefined();
    // The part's own direction wins over the event's.
    expect(byId.get(ids.future)).toMatchObject({ type: 'ROAD_CLOSED', direction: 'BOTH_DIRECTIONS' });
    // Drawn only as an area: placed at the centre of its bounding box; no direction given, none said.
    expect(byId.get(ids.areaOnly)).toMatchObject({ subtype: 'HAZARD_WEATHER', polyline: '41.150000 -8.610000' });
    expect(byId.get(ids.areaOnly)?.direction).toBeUndefined();
  });
});

describe('the open feeds', () => {
  const urls = ['/api/feeds/gtfs-rt/alerts', '/api/feeds/gtfs-rt/alerts.json', '/api/feeds/waze/cifs.json'];

  it.each(urls)(
    '%s may be kept briefly by anyone, read from any origin, and answers 304 to its holder',
    async (url) => {
      const response = await get(url);
      expect(response.headers['cache-control']).toBe(`public, max-age=${OPEN_FEED_MAX_AGE_SECONDS}`);
      expect(OPEN_FEED_MAX_AGE_SECONDS).toBeGreaterThanOrEqual(30);
      expect(OPEN_FEED_MAX_AGE_SECONDS).toBeLessThanOrEqual(60);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      const etag = response.headers.etag as string;
      expect(etag).toMatch(/^W\/".+"$/);
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect((await get(url, { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);
    },
  );

  it.each(urls)('%s is sent gzipped to whoever accepts it, the same bytes once unpacked', async (url) => {
    const plain = await get(url);
    const packed = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(packed.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('drop an event as soon as it is resolved, whoever writes it', async () => {
    const before = await get('/api/feeds/waze/cifs.json');
    expect(before.body).toContain(`"id":"${ids.hazard}"`);
    await t.db.update(events).set({ status: 'RESOLVED' }).where(eq(events.id, ids.hazard));
    let after = before;
    for (let attempt = 0; attempt < 100 && after.headers.etag === before.headers.etag; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await get('/api/feeds/waze/cifs.json');
    }
    expect(after.body).not.toContain(`"id":"${ids.hazard}"`);
    expect(
      (await get('/api/feeds/waze/cifs.json', { 'if-none-match': before.headers.etag as string })).statusCode,
    ).toBe(200);
  });
});

describe('causeAndEffectOf', () => {
  it('reads a closure as a detour for routes and as no service at stops named alone', () => {
    const route = { systemType: 'ROUTE' as const, gtfsId: '205', agencyId: null };
    const stop = { systemType: 'STOP' as const, gtfsId: 'BLM1', agencyId: null };
    expect(
      causeAndEffectOf({ subType: 'ROAD_CLOSED_HAZARD', categoryType: 'TRAFFIC_CLOSED', transit: [route, stop] }),
    ).toEqual({ cause: 'OTHER_CAUSE', effect: 'DETOUR' });
    expect(
      causeAndEffectOf({ subType: 'ROAD_CLOSED_HAZARD', categoryType: 'TRAFFIC_CLOSED', transit: [stop] }),
    ).toEqual({
      cause: 'OTHER_CAUSE',
      effect: 'NO_SERVICE',
    });
    expect(causeAndEffectOf({ subType: 'HAZARD_WEATHER', categoryType: 'TRAFFIC_HAZARD', transit: [stop] })).toEqual({
      cause: 'WEATHER',
      effect: 'OTHER_EFFECT',
    });
    expect(causeAndEffectOf({ subType: null, categoryType: 'TRAFFIC_CLOSED', transit: [route] })).toEqual({
      cause: 'UNKNOWN_CAUSE',
      effect: 'DETOUR',
    });
  });
});
