import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { GROUP_TILES_LAYER, MAP_MAX_AGE_SECONDS, type TMapItem, type TTileJson, ZTileJson } from '@mip/shared';
import { PbfReader } from 'pbf';
import { describe, expect, it } from 'vitest';
import { createMobilityGroup, createMobilitySystem } from '../../../test/mobility-factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { readSelfTiledGroupIds } from '../map/map.service.ts';
import { boundsOf, createGroupTileCache } from './mobility-groups.tiles.ts';

const t = useTestApp();

const TRINDADE: [number, number] = [-8.6094, 41.1522];
const ROUTE = {
  type: 'LineString' as const,
  coordinates: [
    [-8.62, 41.14],
    [-8.6, 41.16],
  ],
};

/** The slippy-map tile (XYZ, Web Mercator) that holds a place at a zoom. */
function tileAt([longitude, latitude]: [number, number], z: number) {
  const n = 2 ** z;
  const radians = (latitude * Math.PI) / 180;
  return {
    z,
    x: Math.floor(((longitude + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2) * n),
  };
}

const getTileJson = (groupId: number, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/mobility-system-groups/${groupId}/tiles.json`, headers });
const getTile = (groupId: number, tile: { z: number; x: number; y: number }, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/mobility-system-groups/${groupId}/tiles/${tile.z}/${tile.x}/${tile.y}.pbf`, headers });

const xyAt = (place: [number, number], z: number): [number, number] => {
  const { x, y } = tileAt(place, z);
  return [x, y];
};

function decode(body: Buffer) {
  return new VectorTile(new PbfReader(new Uint8Array(body)));
}

/** Asks until the answer satisfies the check: a write reaches the cache through a notification, after commit. */
async function eventually<T>(ask: () => Promise<T>, isReady: (answer: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const answer = await ask();
    if (isReady(answer)) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the answer never changed');
}

describe('GET /api/mobility-system-groups/:id/tiles.json', () => {
  it("describes the group's vector tiles in TileJSON 3.0.0, to anyone, with the box of its systems", async () => {
    const group = await createMobilityGroup(t.db, { name: 'Autocarros da cidade' });
    await createMobilitySystem(t.db, { groupId: group.id, name: 'Trindade' });
    await createMobilitySystem(t.db, { groupId: group.id, systemType: 'ROUTE', geometry: ROUTE });

    const response = await getTileJson(group.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe(`public, max-age=${MAP_MAX_AGE_SECONDS}`);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const tileJson = response.json() as TTileJson;
    expect(ZTileJson.safeParse(tileJson).error).toBeUndefined();
    expect(tileJson).toEqual({
      tilejson: '3.0.0',
      name: 'Autocarros da cidade',
      scheme: 'xyz',
      // Absolute, from PUBLIC_URL: the map resolves tile addresses on its own.
      tiles: [`http://mip.test/api/mobility-system-groups/${group.id}/tiles/{z}/{x}/{y}.pbf`],
      vector_layers: [
        {
          id: 'systems',
          description: expect.any(String),
          fields: { _msid: 'Number', name: 'String', systemType: 'String', color: 'String' },
        },
      ],
      minzoom: 0,
      maxzoom: 14,
      bounds: [-8.62, 41.14, -8.6, 41.16],
    });
    const etag = response.headers.etag as string;
    expect((await getTileJson(group.id, { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('is not served for a group left off the map (NO_LAYERS) nor for an unknown one', async () => {
    const hidden = await createMobilityGroup(t.db, { layerType: 'NO_LAYERS' });
    await createMobilitySystem(t.db, { groupId: hidden.id });
    expect((await getTileJson(hidden.id)).statusCode).toBe(404);
    expect((await getTile(hidden.id, tileAt(TRINDADE, 14))).statusCode).toBe(404);
    expect((await getTileJson(2_000_000_000)).statusCode).toBe(404);
    expect((await getTile(2_000_000_000, { z: 0, x: 0, y: 0 })).statusCode).toBe(404);
  });
});

describe('GET /api/mobility-system-groups/:id/tiles/:z/:x/:y.pbf', () => {
  it('answers the tile of a stop as a vector tile whose feature carries its id and name', async () => {
    const group = await createMobilityGroup(t.db);
    const stop = await createMobilitySystem(t.db, { groupId: group.id, name: 'Trindade', color: '#f5a' });
    await createMobilitySystem(t.db, { groupId: group.id, name: 'Desativada', active: false });
    const tile = tileAt(TRINDADE, 14);

    const response = await getTile(group.id, tile);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    expect(response.headers['cache-control']).toBe(`public, max-age=${MAP_MAX_AGE_SECONDS}`);
    const layer = decode(response.rawPayload).layers[GROUP_TILES_LAYER];
    expect(layer.length).toBe(1);
    const feature = layer.feature(0);
    expect(feature.id).toBe(stop.id);
    expect(feature.properties).toEqual({ _msid: stop.id, name: 'Trindade', systemType: 'STOP', color: '#f5a' });
    const [longitude, latitude] = (feature.toGeoJSON(tile.x, tile.y, tile.z).geometry as { coordinates: number[] })
      .coordinates;
    expect(longitude).toBeCloseTo(TRINDADE[0], 4);
    expect(latitude).toBeCloseTo(TRINDADE[1], 4);

    // The same bytes gzipped for a caller that accepts it, and 304 for the holder of this version.
    const gzipped = await getTile(group.id, tile, { 'accept-encoding': 'gzip, br' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload)).toEqual(response.rawPayload);
    const etag = response.headers.etag as string;
    expect((await getTile(group.id, tile, { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('answers 204 for a tile with nothing in it, and refuses coordinates outside the tile grid', async () => {
    const group = await createMobilityGroup(t.db);
    await createMobilitySystem(t.db, { groupId: group.id });
    const lisbon = await getTile(group.id, tileAt([-9.14, 38.72], 14));
    expect(lisbon.statusCode).toBe(204);
    expect(lisbon.body).toBe('');
    expect((await getTile(group.id, { z: 2, x: 4, y: 0 })).statusCode).toBe(400);
    expect((await getTile(group.id, { z: 15, x: 0, y: 0 })).statusCode).toBe(400);
  });

  it('draws a system added later once the change is announced', async () => {
    const group = await createMobilityGroup(t.db);
    await createMobilitySystem(t.db, { groupId: group.id, name: 'Primeira' });
    const tile = tileAt(TRINDADE, 12);
    expect(decode((await getTile(group.id, tile)).rawPayload).layers[GROUP_TILES_LAYER].length).toBe(1);

    const added = await createMobilitySystem(t.db, { groupId: group.id, name: 'Segunda' });
    const response = await eventually(
      () => getTile(group.id, tile),
      (answer) => decode(answer.rawPayload).layers[GROUP_TILES_LAYER].length === 2,
    );
    const layer = decode(response.rawPayload).layers[GROUP_TILES_LAYER];
    expect(layer.feature(1).properties._msid).toBe(added.id);
  });
});

describe('a group drawn from tiles on GET /api/map/', () => {
  it('keeps its item, so the filter lists it, with no features: the map loads its tiles instead', async () => {
    const tiled = await createMobilityGroup(t.db, {
      name: 'Rede em mosaicos',
      tileMetadataUrl: 'http://mip.test/api/mobility-system-groups/1/tiles.json',
    });
    const stop = await createMobilitySystem(t.db, { groupId: tiled.id, name: 'Bolhão' });
    const plain = await createMobilityGroup(t.db);
    await createMobilitySystem(t.db, { groupId: plain.id });

    const response = await eventually(
      () => t.app.inject({ url: '/api/map/' }),
      (answer) => (answer.json() as TMapItem[]).some((item) => item.group?.id === plain.id),
    );
    const items = response.json() as TMapItem[];
    expect(items.find((item) => item.group?.id === tiled.id)).toEqual({
      type: 'GROUP',
      group: { id: tiled.id, type: 'STATIC' },
      // Counted all the same, and named with the tiles the map draws it from.
      systemsCount: 1,
      tileMetadataUrl: 'http://mip.test/api/mobility-system-groups/1/tiles.json',
      geometry: { type: 'FeatureCollection', features: [] },
    });
    expect(items.find((item) => item.group?.id === plain.id)?.geometry.features).toHaveLength(1);
    // Its own tiles still hold the stop.
    const layer = decode((await getTile(tiled.id, tileAt(TRINDADE, 14))).rawPayload).layers[GROUP_TILES_LAYER];
    expect(layer.feature(0).properties).toMatchObject({ _msid: stop.id, name: 'Bolhão' });
  });
});

describe('cutting ahead', () => {
  it('slices the large groups at start and again after a change, before anyone asks for a tile', async () => {
    const large = await createMobilityGroup(t.db, { name: 'Rede grande' });
    const small = await createMobilityGroup(t.db, { name: 'Rede pequena' });
    for (let n = 0; n < 3; n++) {
      await createMobilitySystem(t.db, { groupId: large.id, name: `Paragem ${n}` });
    }
    await createMobilitySystem(t.db, { groupId: small.id, name: 'Sozinha' });
    const failures: unknown[] = [];
    let cuts = 0;
    const tiles = createGroupTileCache(t.db, 'http://mip.test', {
      groupIds: async () => {
        const ids = await readSelfTiledGroupIds(t.db, { minSystems: 3, publicUrl: 'http://mip.test' });
        cuts++;
        return ids;
      },
      delayMs: 10,
      onError: (error) => failures.push(error),
    });
    try {
      const isCut = () => tiles.cutGroupIds().includes(large.id);
      await eventually(async () => isCut(), Boolean);
      // Only what GET /map/ sends as tiles: a small group goes as GeoJSON and is never cut.
      expect(tiles.cutGroupIds()).not.toContain(small.id);

      // A change starts a new generation, and the group is cut again, with the new stop, unasked.
      const cutsBefore = cuts;
      await createMobilitySystem(t.db, {
        groupId: large.id,
        name: 'Paragem nova',
        geometry: { type: 'Point', coordinates: [-8.5, 41.2] },
        latitude: 41.2,
        longitude: -8.5,
      });
      // (Asked only once cut: the box is what the cut holds. A late word of the earlier writes may cut once
      // more before the new stop's does.)
      await eventually(
        async () => cuts > cutsBefore && isCut() && (await tiles.tileJson(large.id))?.bounds?.[2] === -8.5,
        Boolean,
      );
      expect(await tiles.tile(large.id, 14, ...xyAt([-8.5, 41.2], 14))).not.toBe('empty');
      expect(failures).toEqual([]);
    } finally {
      await tiles.close();
    }
  });
});

describe('boundsOf', () => {
  it('spans every position of points, lines and polygons, and is null without features', () => {
    const feature = (geometry: unknown) =>
      ({
        type: 'Feature',
        id: 1,
        geometry,
        properties: { _msid: 1, name: 'x', systemType: 'STOP', color: null },
      }) as never;
    expect(boundsOf([])).toBeNull();
    expect(
      boundsOf([
        feature({ type: 'Point', coordinates: [-8.6, 41.1] }),
        feature({
          type: 'Polygon',
          coordinates: [
            [
              [-8.7, 41.0],
              [-8.5, 41.0],
              [-8.5, 41.3],
              [-8.7, 41.0],
            ],
          ],
        }),
      ]),
    ).toEqual([-8.7, 41.0, -8.5, 41.3]);
  });
});
