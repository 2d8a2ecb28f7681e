import { randomBytes } from 'node:crypto';
import { VectorTile } from '@mapbox/vector-tile';
import {
  GROUP_TILES_LAYER,
  PUBLIC_SYSTEM_SEARCH_LIMIT,
  type TGroupMapItem,
  type TMapItem,
  type TPublicSystemResult,
  ZMapItem,
} from '@mip/shared';
import { eq } from 'drizzle-orm';
import { PbfReader } from 'pbf';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInNewUser } from '../../../test/factories.ts';
import { createMobilityGroup, createMobilitySystem } from '../../../test/mobility-factories.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { mobilitySystems } from '../../db/schema/index.ts';

/** Three systems make a group large here: the product's threshold is thousands, lowered through the config. */
const MIN_SYSTEMS = 3;
const t = useTestApp({ MAP_TILES_MIN_SYSTEMS: String(MIN_SYSTEMS) });
const unique = () => randomBytes(4).toString('hex');
/**
 * A name tag of letters only, for names searched by a number: the search matches every word anywhere in the
 * name, and a hex tag holding that number ("1b54c20c" for stop 54) matched all of them (CI, once in ~40 runs).
 */
const letterTag = () => Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join('');

let anonymous: TCaller;
let manager: TCaller;
beforeAll(async () => {
  anonymous = callerOf(t, '');
  manager = callerOf(t, (await signInNewUser(t, { permissions: ['WRITE_ROLE'] })).authorization);
});

/** The map answer (of an application when given) once it holds the group, as the notified cache rebuilds. */
async function groupItem(groupId: number, path = '/map/', isReady = (_item: TGroupMapItem) => true) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const items = (await anonymous.get(path)).json() as TMapItem[];
    const item = items.find((entry): entry is TGroupMapItem => entry.type === 'GROUP' && entry.group.id === groupId);
    if (item && isReady(item)) {
      expect(ZMapItem.safeParse(item).error).toBeUndefined();
      return item;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the map answer never held group ${groupId} as expected`);
}

/** `count` stops of the group spread around Trindade, named `<prefix> n`, inserted at once. */
async function createStops(groupId: number, count: number, prefix: string) {
  return t.db
    .insert(mobilitySystems)
    .values(
      Array.from({ length: count }, (_, n) => {
        const [longitude, latitude] = [-8.6094 + n * 0.001, 41.1522];
        return {
          name: `${prefix} ${n + 1}`,
          systemType: 'STOP' as const,
          groupId,
          geometry: { type: 'Point' as const, coordinates: [longitude, latitude] },
          latitude,
          longitude,
        };
      }),
    )
    .returning({ id: mobilitySystems.id });
}

const tileJsonOf = (groupId: number) => `http://mip.test/api/mobility-system-groups/${groupId}/tiles.json`;

describe('GET /api/map/ by group size', () => {
  it('sends a small group as features and a large one as the address of its own tiles, both counted', async () => {
    const small = await createMobilityGroup(t.db);
    await createStops(small.id, MIN_SYSTEMS - 1, 'Pequena');
    // Neither an inactive system nor one without a place is drawn, so neither counts toward the size.
    await createMobilitySystem(t.db, { groupId: small.id, active: false });
    await createMobilitySystem(t.db, { groupId: small.id, geometry: null, latitude: null, longitude: null });
    const large = await createMobilityGroup(t.db);
    await createStops(large.id, MIN_SYSTEMS, 'Grande');

    const smallItem = await groupItem(small.id);
    expect(smallItem).toMatchObject({ systemsCount: MIN_SYSTEMS - 1, tileMetadataUrl: null });
    expect(smallItem.geometry.features).toHaveLength(MIN_SYSTEMS - 1);

    const largeItem = await groupItem(large.id);
    expect(largeItem).toMatchObject({ systemsCount: MIN_SYSTEMS, tileMetadataUrl: tileJsonOf(large.id) });
    expect(largeItem.geometry.features).toEqual([]);

    // The address works: its TileJSON, and a tile that holds the group's systems with their names.
    const tileJson = await anonymous.get(`/mobility-system-groups/${large.id}/tiles.json`);
    expect(tileJson.statusCode).toBe(200);
    const tile = await anonymous.get(`/mobility-system-groups/${large.id}/tiles/0/0/0.pbf`);
    expect(tile.statusCode).toBe(200);
    const layer = new VectorTile(new PbfReader(tile.rawPayload)).layers[GROUP_TILES_LAYER];
    const names = Array.from({ length: layer.length }, (_, i) => layer.feature(i).properties.name);
    expect(names.sort()).toEqual(['Grande 1', 'Grande 2', 'Grande 3']);
  });

  it('turns a group over to tiles as it grows past the threshold, and back as systems leave it', async () => {
    const group = await createMobilityGroup(t.db);
    const [first] = await createStops(group.id, MIN_SYSTEMS - 1, 'Crescente');
    expect((await groupItem(group.id)).tileMetadataUrl).toBeNull();
    await createStops(group.id, 1, 'Mais uma');
    const grown = await groupItem(group.id, '/map/', (item) => item.tileMetadataUrl !== null);
    expect(grown).toMatchObject({ systemsCount: MIN_SYSTEMS, tileMetadataUrl: tileJsonOf(group.id) });
    // A system switched off leaves the map, and the group with it falls back under the threshold.
    await t.db.update(mobilitySystems).set({ active: false }).where(eq(mobilitySystems.id, first.id));
    const shrunk = await groupItem(group.id, '/map/', (item) => item.tileMetadataUrl === null);
    expect(shrunk.systemsCount).toBe(MIN_SYSTEMS - 1);
    expect(shrunk.geometry.features).toHaveLength(MIN_SYSTEMS - 1);
  });

  it("keeps an administrator's tileMetadataUrl, small group or large", async () => {
    const external = 'https://tiles.example/rede.json';
    const small = await createMobilityGroup(t.db, { tileMetadataUrl: external });
    await createStops(small.id, 1, 'Externa');
    const large = await createMobilityGroup(t.db, { tileMetadataUrl: external });
    await createStops(large.id, MIN_SYSTEMS + 1, 'Externa grande');
    expect(await groupItem(small.id)).toMatchObject({ systemsCount: 1, tileMetadataUrl: external });
    expect(await groupItem(large.id)).toMatchObject({ systemsCount: MIN_SYSTEMS + 1, tileMetadataUrl: external });
    expect((await groupItem(small.id)).geometry.features).toEqual([]);
  });

  it("offers an application's map the tiles of its own groups only", async () => {
    const allowed = await createMobilityGroup(t.db);
    await createStops(allowed.id, MIN_SYSTEMS, 'Permitida');
    const other = await createMobilityGroup(t.db);
    await createStops(other.id, MIN_SYSTEMS, 'Alheia');
    const response = await manager.post('/applications/', {
      name: `Mapa ${unique()}`,
      type: 'VERTICAL_APP_BASED',
      settings: { allowedGroups: [allowed.id] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const appId = (response.json() as { id: number }).id;
    const path = `/applications/${appId}/map/`;

    expect((await groupItem(allowed.id, path)).tileMetadataUrl).toBe(tileJsonOf(allowed.id));
    const body = (await anonymous.get(path)).body;
    expect(body).not.toContain(`/mobility-system-groups/${other.id}/`);
    // The platform's own map still offers both.
    expect((await groupItem(other.id)).tileMetadataUrl).toBe(tileJsonOf(other.id));
  });
});

describe('the map search on a tiled group', () => {
  it('finds its systems by name on the server, a bounded page of them', async () => {
    const group = await createMobilityGroup(t.db);
    const tag = letterTag();
    await createStops(group.id, PUBLIC_SYSTEM_SEARCH_LIMIT + 5, `Mosaico ${tag}`);
    expect((await groupItem(group.id)).tileMetadataUrl).toBe(tileJsonOf(group.id));

    const search = async (universalSearch: string) =>
      (
        await anonymous.post('/mobility-system/public', {
          universalSearch,
          parentId: [group.id],
          onlyLayerSearch: true,
        })
      ).json() as TPublicSystemResult[];
    const all = await search(`Mosaico ${tag}`);
    expect(all).toHaveLength(PUBLIC_SYSTEM_SEARCH_LIMIT);
    expect(all.every((result) => result.parentId === group.id)).toBe(true);
    const one = await search(`Mosaico ${tag} 54`);
    expect(one.map((result) => [result.name, result.parentId])).toEqual([[`Mosaico ${tag} 54`, group.id]]);
    expect(one[0].latitude).toBeCloseTo(41.1522);
  });
});
