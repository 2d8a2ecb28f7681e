import type { TServerConfig } from '../../config.ts';

/**
 * Which drawn groups GET /map/ hands over to vector tiles (issue 20): past a size, a group's GeoJSON costs a
 * visitor more to download, parse and index than the few tiles of the view they look at.
 */

/**
 * Active placed systems from which a group is drawn from its vector tiles rather than sent as GeoJSON.
 * Measured with `npm run bench -- map-tiles-threshold` (4× CPU throttle, the map's first full render of one
 * group of N stops, GeoJSON against tiles): see the README's bench section for the figures behind it.
 */
export const MAP_TILES_MIN_SYSTEMS = 2_000;

export interface TMapTiling {
  /** A group with at least this many active placed systems is drawn from tiles (MAP_TILES_MIN_SYSTEMS). */
  minSystems: number;
  /** The address the product is reached at: the TileJSON's own address starts with it, as its tiles do. */
  publicUrl: string;
}

/** The tiling a server's configuration asks for (MAP_TILES_MIN_SYSTEMS, PUBLIC_URL). */
export const mapTilingOf = (config: Pick<TServerConfig, 'mapTilesMinSystems' | 'publicUrl'>): TMapTiling => ({
  minSystems: config.mapTilesMinSystems,
  publicUrl: config.publicUrl,
});

/** The TileJSON of the platform's own tiles of a group (GET /mobility-system-groups/{id}/tiles.json). */
export const groupTileJsonUrl = (publicUrl: string, groupId: number | string) =>
  `${publicUrl}/api/mobility-system-groups/${groupId}/tiles.json`;
