import type { TServerConfig } from '../../config.ts';

/**
 * Which drawn groups GET /map/ hands over to vector tiles (issue 20): past a size, a group's GeoJSON costs a
 * visitor more to download, parse and index than the few tiles of the view they look at.
 */

/**
 * Active placed systems from which a group is drawn from its vector tiles rather than sent as GeoJSON.
 * A system costs about 41 bytes of gzipped GeoJSON (10,000 of them: 412 KB, issue 20) and a visitor then
 * parses and indexes all of them in MapLibre's worker before the map is whole, whatever part they look at;
 * 2,000 systems are about 80 KB gzipped — a few of the view's tiles, which a tiled group costs anyway — so
 * below it GeoJSON loads with the page in the one /map/ call and keeps what only it gives (clustering, the
 * legend's line names), and above it the tiles of the view win. A first estimate from sizes: the render
 * times behind the choice could not be taken apart on the shared machine (see the README's bench section).
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
