import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { GROUP_TILES_LAYER, GROUP_TILES_MAX_ZOOM, type TMapFeature, type TTileJson } from '@mip/shared';
import { createNotifiedCache, listenForChanges } from '../../db/change-listener.ts';
import type { TDatabase } from '../../db/database.ts';
import { readGroupFeatures } from '../map/map.service.ts';
import { MAP_CHANNEL } from '../map/map-cache.ts';
import { groupTileJsonUrl } from '../map/map-tiling.ts';

/**
 * A last safety net: a change is heard, and a lost or renewed listening connection starts a new generation
 * too (change-listener.ts), so tiles need not be re-cut every minute as the cheaper map answer is.
 */
const MAX_AGE_MS = 15 * 60_000;
/** Cutting waits this long after the last change of a burst: a GTFS import writes thousands of systems. */
const CUT_AHEAD_DELAY_MS = 2_000;
/** Encoded tiles kept per group, the oldest dropped first: a city's tiles at the zooms people use fit well within. */
const MAX_ENCODED_TILES = 2_000;
const TILE_EXTENT = 4096;

const gzipAsync = promisify(gzip);

type TBounds = [west: number, south: number, east: number, north: number];

/** One tile as sent: weak tag (the two encodings are the same answer), plain and gzipped bytes. */
export interface TEncodedTile {
  etag: string;
  bodies: { identity: Buffer; gzip: Buffer };
}

interface TGroupTiles {
  name: string;
  bounds: TBounds | null;
  index: GeoJSONVT;
  /** By "z/x/y"; null for a tile with nothing in it. */
  encoded: Map<string, Promise<TEncodedTile | null>>;
}

/** The box around every position of the features, or null when there are none. */
export function boundsOf(features: readonly TMapFeature[]): TBounds | null {
  const box: TBounds = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (coordinates: unknown): void => {
    if (!Array.isArray(coordinates)) return;
    if (typeof coordinates[0] === 'number') {
      const [longitude, latitude] = coordinates as number[];
      box[0] = Math.min(box[0], longitude);
      box[1] = Math.min(box[1], latitude);
      box[2] = Math.max(box[2], longitude);
      box[3] = Math.max(box[3], latitude);
      return;
    }
    for (const child of coordinates) visit(child);
  };
  for (const feature of features) visit(feature.geometry.coordinates);
  return Number.isFinite(box[0]) ? box : null;
}

async function loadGroupTiles(db: TDatabase, groupId: number): Promise<TGroupTiles | null> {
  const group = await readGroupFeatures(db, groupId);
  if (!group) return null;
  const index = new GeoJSONVT(
    { type: 'FeatureCollection', features: group.features },
    { maxZoom: GROUP_TILES_MAX_ZOOM, extent: TILE_EXTENT },
  );
  return { name: group.name, bounds: boundsOf(group.features), index, encoded: new Map() };
}

async function encodeTile(tiles: TGroupTiles, z: number, x: number, y: number): Promise<TEncodedTile | null> {
  const tile = tiles.index.getTile(z, x, y);
  if (!tile || tile.features.length === 0) return null;
  const identity = Buffer.from(fromGeojsonVt({ [GROUP_TILES_LAYER]: tile }, { version: 2, extent: TILE_EXTENT }));
  const etag = `W/"${createHash('sha1').update(identity).digest('base64url').slice(0, 22)}"`;
  return { etag, bodies: { identity, gzip: await gzipAsync(identity, { level: 6 }) } };
}

export type TGroupTileCache = ReturnType<typeof createGroupTileCache>;

export interface TCutAhead {
  /** The groups to cut before anyone asks (readSelfTiledGroupIds). */
  groupIds: () => Promise<number[]>;
  /** After the last change of a burst (CUT_AHEAD_DELAY_MS by default). */
  delayMs?: number;
  /** A cut that failed (the database away): the first visitor's request cuts it instead. */
  onError: (error: unknown) => void;
}

/**
 * The vector tiles of the groups drawn on the map (issue 5: groups too large for GeoJSON). A group's
 * features are read once and sliced into tiles in memory (geojson-vt), each tile encoded once (vt-pbf),
 * until any write to groups or systems is announced on the map's channel. With `cutAhead`, the groups it
 * names are sliced at start and again shortly after each change, so no visitor waits for the cut
 * (100,000 stops take seconds to read and slice).
 */
export function createGroupTileCache(db: TDatabase, publicUrl: string, cutAhead?: TCutAhead) {
  // The cached value is this generation's table of groups, filled as groups are asked for: a change
  // announced on the channel starts an empty one.
  const cache = createNotifiedCache(
    db,
    MAP_CHANNEL,
    MAX_AGE_MS,
    async () => new Map<number, Promise<TGroupTiles | null>>(),
  );

  const groupTiles = async (groupId: number): Promise<TGroupTiles | null> => {
    const groups = cache.fresh() ?? (await cache.get());
    const held = groups.get(groupId);
    if (held) return held;
    const loading = loadGroupTiles(db, groupId);
    groups.set(groupId, loading);
    // Only drawn groups stay: asking for ids of no such group must not fill the table.
    const forget = () => {
      if (groups.get(groupId) === loading) groups.delete(groupId);
    };
    loading.then((tiles) => tiles ?? forget(), forget);
    return loading;
  };

  let cutTimer: NodeJS.Timeout | null = null;
  let isClosed = false;
  const cutNow = async () => {
    if (!cutAhead || isClosed) return;
    try {
      for (const groupId of await cutAhead.groupIds()) await groupTiles(groupId);
    } catch (error) {
      cutAhead.onError(error);
    }
  };
  const cutSoon = () => {
    if (cutTimer) clearTimeout(cutTimer);
    cutTimer = setTimeout(() => {
      cutTimer = null;
      void cutNow();
    }, cutAhead?.delayMs ?? CUT_AHEAD_DELAY_MS);
    // Cutting ahead never keeps a process alive.
    cutTimer.unref();
  };
  // Hears what the cache hears (the same shared connection): every change, and the connection's start.
  const changes = cutAhead ? listenForChanges(db, MAP_CHANNEL, cutSoon) : null;
  // …and cuts at start, the connection being maybe listening already for another cache.
  if (cutAhead) cutSoon();

  return {
    close: async () => {
      isClosed = true;
      if (cutTimer) clearTimeout(cutTimer);
      await changes?.close();
      await cache.close();
    },

    /** The groups whose features are sliced now (cut ahead or asked for), in this generation. */
    cutGroupIds: (): number[] => [...(cache.fresh()?.keys() ?? [])],

    /** The group's TileJSON, or null when it is not drawn on the map. */
    tileJson: async (groupId: number): Promise<TTileJson | null> => {
      const tiles = await groupTiles(groupId);
      if (!tiles) return null;
      return {
        tilejson: '3.0.0',
        name: tiles.name,
        scheme: 'xyz',
        tiles: [groupTileJsonUrl(publicUrl, groupId).replace(/tiles\.json$/, 'tiles/{z}/{x}/{y}.pbf')],
        vector_layers: [
          {
            id: GROUP_TILES_LAYER,
            description: 'The active systems of the group',
            fields: { _msid: 'Number', name: 'String', systemType: 'String', color: 'String' },
          },
        ],
        minzoom: 0,
        maxzoom: GROUP_TILES_MAX_ZOOM,
        ...(tiles.bounds ? { bounds: tiles.bounds } : {}),
      };
    },

    /** One tile; null when the group is not drawn on the map, 'empty' when nothing lies in the tile. */
    tile: async (groupId: number, z: number, x: number, y: number): Promise<TEncodedTile | 'empty' | null> => {
      const tiles = await groupTiles(groupId);
      if (!tiles) return null;
      const key = `${z}/${x}/${y}`;
      let encoded = tiles.encoded.get(key);
      if (!encoded) {
        encoded = encodeTile(tiles, z, x, y);
        tiles.encoded.set(key, encoded);
        encoded.catch(() => tiles.encoded.delete(key));
        if (tiles.encoded.size > MAX_ENCODED_TILES) {
          const oldest = tiles.encoded.keys().next().value;
          if (oldest !== undefined) tiles.encoded.delete(oldest);
        }
      }
      return (await encoded) ?? 'empty';
    },
  };
}
