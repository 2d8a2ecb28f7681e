import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { MAP_MAX_AGE_SECONDS, type TMapItem, ZMapItem } from '@mip/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMobilityGroup, createMobilitySystem } from '../../../test/mobility-factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { mobilitySystems } from '../../db/schema/index.ts';
import { pickEncoding } from './map-cache.ts';

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
    expect(items.map((item) => item.group.id)).not.toContain(hidden.id);
    const mine = items.find((item) => item.group.id === group.id);
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

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pickEncoding('deflate')).toBe('identity');
    expect(pickEncoding('GZIP')).toBe('gzip');
  });
});
