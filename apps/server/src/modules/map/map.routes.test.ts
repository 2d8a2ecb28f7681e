import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { MAP_MAX_AGE_SECONDS, type TEventGeoJson, type TEventMapItem, type TMapItem, ZMapItem } from '@mip/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEntity } from '../../../test/factories.ts';
import { createMobilityGroup, createMobilitySystem } from '../../../test/mobility-factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { eventCategories, events, mobilitySystems } from '../../db/schema/index.ts';
import { pickEncoding } from '../../http/encoded-bodies.ts';

const t = useTestApp();

const getMap = (headers: Record<string, string> = {}) => t.app.inject({ url: '/api/map/', headers });
const itemsOf = (body: string) => JSON.parse(body) as TMapItem[];

/** The answer once the change notification has reached the cache (delivered on commit, asynchronously). */
async function mapOnce(isReady: (response: Awaited<ReturnType<typeof getMap>>) => boolean) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await getMap();
    if (isReady(response)) return response;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the map answer never changed');
}
const mapOnceChangedFrom = (etag: string) => mapOnce((response) => response.headers.etag !== etag);

describe('GET /api/map/', () => {
  it('answers one GROUP item per drawn group, its active systems as features, to anyone', async () => {
    const before = await getMap();
    const group = await createMobilityGroup(t.db, { name: 'Metro do Porto', type: 'STATIC', color: '#0a6c74' });
    const hidden = await createMobilityGroup(t.db, { layerType: 'NO_LAYERS' });
    await createMobilitySystem(t.db, { groupId: hidden.id });
    const stop = await createMobilitySystem(t.db, { groupId: group.id, name: 'Trindade', color: '#f5a' });
    // No stored shape, only coordinates: drawn as a point there.
    const bare = await createMobilitySystem(t.db, {
      groupId: group.id,
      geometry: null,
      latitude: 41.1,
      longitude: -8.6,
    });
    await createMobilitySystem(t.db, { groupId: group.id, active: false });
    const route = await createMobilitySystem(t.db, {
      groupId: group.id,
      systemType: 'ROUTE',
      geometry: {
        type: 'LineString',
        coordinates: [
          [-8.61, 41.15],
          [-8.6, 41.16],
        ],
      },
    });

    const response = await mapOnceChangedFrom(before.headers.etag as string);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const items = itemsOf(response.body);
    for (const item of items) expect(ZMapItem.safeParse(item).success).toBe(true);
    expect(items.map((item) => item.group?.id)).not.toContain(hidden.id);
    const mine = items.find((item) => item.group?.id === group.id);
    expect(mine).toMatchObject({ type: 'GROUP', group: { id: group.id, type: 'STATIC' } });
    expect(mine?.geometry.features.map((feature) => feature.id)).toEqual([stop.id, bare.id, route.id]);
    expect(mine?.geometry.features[0]).toEqual({
      type: 'Feature',
      id: stop.id,
      geometry: { type: 'Point', coordinates: [-8.6094, 41.1522] },
      properties: { _msid: stop.id, name: 'Trindade', systemType: 'STOP', color: '#f5a' },
    });
    expect(mine?.geometry.features[1].geometry).toEqual({ type: 'Point', coordinates: [-8.6, 41.1] });
    expect(mine?.geometry.features[2].geometry.type).toBe('LineString');
    // No incidents exist yet: no EVENT or FUTURE_EVENT items.
    expect(items.every((item) => item.type === 'GROUP')).toBe(true);
  });

  it('may be kept by browsers and a CDN, and answers 304 to the holder of the current version', async () => {
    const response = await getMap();
    expect(response.headers['cache-control']).toBe(`public, max-age=${MAP_MAX_AGE_SECONDS}`);
    expect(response.headers.vary).toBe('accept-encoding');
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);

    const again = await getMap({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await getMap({ 'if-none-match': `"other", ${etag}` })).statusCode).toBe(304);
    expect((await getMap({ 'if-none-match': 'W/"other"' })).statusCode).toBe(200);
  });

  it('sends the same answer compressed with brotli or gzip when the caller accepts it', async () => {
    const plain = await getMap();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await getMap({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzipped = await getMap({ 'accept-encoding': 'gzip, br;q=0' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it('drops its copy when a system changes, whoever changes it', async () => {
    const group = await createMobilityGroup(t.db);
    const stop = await createMobilitySystem(t.db, { groupId: group.id, name: 'Bolhão' });
    const response = await mapOnce(({ body }) => body.includes('"Bolhão"'));

    await t.db.update(mobilitySystems).set({ name: 'Bolhão (renovado)' }).where(eq(mobilitySystems.id, stop.id));
    const changed = await mapOnceChangedFrom(response.headers.etag as string);
    expect(changed.body).toContain('"Bolhão (renovado)"');
    // The holder of the old version gets the new one.
    expect((await getMap({ 'if-none-match': response.headers.etag as string })).statusCode).toBe(200);
  });
});

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs);

const LINE: TEventGeoJson = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: {
        type: 'LineString',
        coordinates: [
          [-8.611, 41.146],
          [-8.609, 41.147],
        ],
      },
      properties: {
        showDirections: true,
        direction: 'ONE_DIRECTION',
        color: '#123456',
        textMarker: 'Rua de Santa Catarina',
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-8.61, 41.1465] },
      // A stored part that tries to pass for another incident is put right by the incident's own keys.
      properties: { isCircle: true, _eid: 999_999, title: 'Outra' } as Record<string, unknown>,
    },
    {
      type: 'Feature',
      geometry: {
        type: 'LineString',
        coordinates: [
          [-8.612, 41.145],
          [-8.608, 41.148],
        ],
      },
      properties: { isAlternative: true },
    },
  ],
};

async function createEventCategory(values: Partial<typeof eventCategories.$inferInsert> = {}) {
  const [category] = await t.db
    .insert(eventCategories)
    .values({ name: `Categoria ${randomBytes(4).toString('hex')}`, allowPublic: true, ...values })
    .returning();
  return category;
}

/** A live public incident that started an hour ago, unless told otherwise. */
async function createEvent(values: Partial<typeof events.$inferInsert> = {}) {
  const categoryId = values.categoryId ?? (await createEventCategory()).id;
  const entity = await createEntity(t.db);
  const [event] = await t.db
    .insert(events)
    .values({
      title: `Ocorrência ${randomBytes(4).toString('hex')}`,
      categoryId,
      fromTimestamp: at(-HOUR),
      geojson: LINE,
      minLatitude: 41.146,
      maxLatitude: 41.147,
      minLongitude: -8.611,
      maxLongitude: -8.609,
      entityId: entity.id,
      ...values,
    })
    .returning();
  return event;
}

const eventItem = (items: TMapItem[], type: 'EVENT' | 'FUTURE_EVENT') =>
  items.find((item): item is TEventMapItem => item.type === type);
const drawnEventIds = (items: TMapItem[], type: 'EVENT' | 'FUTURE_EVENT') => [
  ...new Set(eventItem(items, type)?.geometry.features.map((feature) => feature.properties._eid) ?? []),
];

describe('GET /api/map/ incidents', () => {
  it('draws current public incidents in the EVENT item and future ones in FUTURE_EVENT, every part with its properties', async () => {
    const before = await getMap();
    const category = await createEventCategory({ name: 'Obras na via' });
    const current = await createEvent({ title: 'Obras em Santa Catarina', categoryId: category.id, priority: 'HIGH' });
    const endless = await createEvent({ toTimestamp: null, status: 'IN_PROGRESS' });
    const future = await createEvent({ fromTimestamp: at(24 * HOUR), toTimestamp: at(48 * HOUR), isFuture: true });

    const response = await mapOnce(
      (answer) => answer.headers.etag !== before.headers.etag && answer.body.includes(future.title),
    );
    const items = itemsOf(response.body);
    for (const item of items) expect(ZMapItem.safeParse(item).error).toBeUndefined();
    expect(items.filter((item) => item.type === 'EVENT')).toHaveLength(1);
    expect(items.filter((item) => item.type === 'FUTURE_EVENT')).toHaveLength(1);
    expect(drawnEventIds(items, 'EVENT')).toEqual([current.id, endless.id]);
    expect(drawnEventIds(items, 'FUTURE_EVENT')).toEqual([future.id]);
    expect(eventItem(items, 'EVENT')?.group).toBeNull();

    const parts = eventItem(items, 'EVENT')?.geometry.features.filter((feature) => feature.id === current.id);
    const shared = {
      _eid: current.id,
      title: 'Obras em Santa Catarina',
      _category_id: category.id,
      _priority: 'HIGH',
      _creation_date: current.createdAt.toISOString(),
      _is_public: true,
    };
    expect(parts).toEqual([
      {
        type: 'Feature',
        id: current.id,
        geometry: LINE.features[0].geometry,
        properties: {
          ...shared,
          showDirections: true,
          direction: 'ONE_DIRECTION',
          color: '#123456',
          textMarker: 'Rua de Santa Catarina',
        },
      },
      {
        type: 'Feature',
        id: current.id,
        geometry: LINE.features[1].geometry,
        properties: { ...shared, isCircle: true },
      },
      // Alternative paths travel with the incident; the map draws them only when its card asks.
      {
        type: 'Feature',
        id: current.id,
        geometry: LINE.features[2].geometry,
        properties: { ...shared, isAlternative: true },
      },
    ]);
  });

  it('leaves out incidents the public may not see: not public, resolved or closed, ended, of an inactive category', async () => {
    const hiddenCategory = await createEventCategory({ active: false });
    const hidden = [
      await createEvent({ isPublic: false }),
      await createEvent({ status: 'RESOLVED' }),
      await createEvent({ status: 'CLOSED' }),
      await createEvent({ fromTimestamp: at(-2 * HOUR), toTimestamp: at(-HOUR) }),
      await createEvent({ categoryId: hiddenCategory.id }),
      await createEvent({ fromTimestamp: at(HOUR), isPublic: false }),
    ];
    const marker = await createEvent({ title: 'Marcador visível' });
    const response = await mapOnce(({ body }) => body.includes('Marcador visível'));
    const items = itemsOf(response.body);
    const drawn = [...drawnEventIds(items, 'EVENT'), ...drawnEventIds(items, 'FUTURE_EVENT')];
    expect(drawn).toContain(marker.id);
    for (const event of hidden) expect(drawn).not.toContain(event.id);
  });

  it('changes its answer when an incident is edited, resolved or its category switched off', async () => {
    const category = await createEventCategory();
    const event = await createEvent({ title: 'Semáforo avariado', categoryId: category.id });
    let response = await mapOnce(({ body }) => body.includes('"Semáforo avariado"'));

    await t.db.update(events).set({ title: 'Semáforo avariado na Trindade' }).where(eq(events.id, event.id));
    response = await mapOnceChangedFrom(response.headers.etag as string);
    expect(response.body).toContain('"Semáforo avariado na Trindade"');
    expect((await getMap({ 'if-none-match': response.headers.etag as string })).statusCode).toBe(304);

    await t.db.update(events).set({ status: 'RESOLVED' }).where(eq(events.id, event.id));
    response = await mapOnceChangedFrom(response.headers.etag as string);
    expect(drawnEventIds(itemsOf(response.body), 'EVENT')).not.toContain(event.id);

    await t.db.update(events).set({ status: 'OPEN' }).where(eq(events.id, event.id));
    response = await mapOnce(({ body }) => drawnEventIds(itemsOf(body), 'EVENT').includes(event.id));
    await t.db.update(eventCategories).set({ active: false }).where(eq(eventCategories.id, category.id));
    response = await mapOnceChangedFrom(response.headers.etag as string);
    expect(drawnEventIds(itemsOf(response.body), 'EVENT')).not.toContain(event.id);
  });

  it('moves a future incident to the current ones when it starts, and drops one when it ends, with no write', async () => {
    const starting = await createEvent({ fromTimestamp: at(1500), isFuture: true, title: 'Começa já' });
    const ending = await createEvent({ toTimestamp: at(1500), title: 'Acaba já' });
    let response = await mapOnce(({ body }) => body.includes('Começa já') && body.includes('Acaba já'));
    let items = itemsOf(response.body);
    expect(drawnEventIds(items, 'FUTURE_EVENT')).toContain(starting.id);
    expect(drawnEventIds(items, 'EVENT')).toContain(ending.id);
    // Held until then: asked again at once, the very same answer.
    expect((await getMap()).headers.etag).toBe(response.headers.etag);

    await new Promise((resolve) => setTimeout(resolve, 1700));
    response = await getMap();
    items = itemsOf(response.body);
    expect(drawnEventIds(items, 'EVENT')).toContain(starting.id);
    expect(drawnEventIds(items, 'FUTURE_EVENT')).not.toContain(starting.id);
    expect(drawnEventIds(items, 'EVENT')).not.toContain(ending.id);
  });
});

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pickEncoding('deflate')).toBe('identity');
    expect(pickEncoding('GZIP')).toBe('gzip');
  });
});
