import type { TMapFeature, TMapItem, TMobilityGroupNode } from '@mip/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupNode } from './group-node.fixture';
import {
  buildCustomLayers,
  buildGroupLayers,
  countDrawn,
  interactiveGroupLayerIds,
  readOccurrence,
  SLOT,
  styleLayersOf,
} from './map-layers';
import { checkLayer } from './style-check';

describe('readOccurrence', () => {
  it('opens the incident named by ?occurrence, in its own bounds unless a whole box is given', () => {
    expect(readOccurrence(new URLSearchParams('occurrence=42'))).toEqual({ id: 42, box: null });
    expect(
      readOccurrence(
        new URLSearchParams('occurrence=42&minLatitude=41.1&maxLatitude=41.2&minLongitude=-8.7&maxLongitude=-8.5'),
      ),
    ).toEqual({
      id: 42,
      box: [
        [-8.7, 41.1],
        [-8.5, 41.2],
      ],
    });
    // Part of a box, or an upside-down one, is no box.
    expect(readOccurrence(new URLSearchParams('occurrence=42&minLatitude=41.1&maxLatitude=41.2'))?.box).toBeNull();
    expect(
      readOccurrence(
        new URLSearchParams('occurrence=7&minLatitude=41.3&maxLatitude=41.2&minLongitude=-8.7&maxLongitude=-8.5'),
      )?.box,
    ).toBeNull();
  });

  it('ignores a missing or malformed id', () => {
    expect(readOccurrence(new URLSearchParams(''))).toBeNull();
    expect(readOccurrence(new URLSearchParams('occurrence=abc'))).toBeNull();
    expect(readOccurrence(new URLSearchParams('occurrence=-3'))).toBeNull();
    expect(readOccurrence(new URLSearchParams('occurrence=1.5'))).toBeNull();
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const group = (id: number, values: Partial<TMobilityGroupNode> = {}) => groupNode(id, { color: '#0a6c74', ...values });

const stop = (id: number): TMapFeature => ({
  type: 'Feature',
  id,
  geometry: { type: 'Point', coordinates: [-8.6, 41.15] },
  properties: { _msid: id, name: `Paragem ${id}`, systemType: 'STOP', color: null },
});
const route = (id: number): TMapFeature => ({
  type: 'Feature',
  id,
  geometry: {
    type: 'LineString',
    coordinates: [
      [-8.6, 41.15],
      [-8.61, 41.16],
    ],
  },
  properties: { _msid: id, name: `Linha ${id}`, systemType: 'ROUTE', color: '#f00' },
});
const itemOf = (groupId: number, features: TMapFeature[]): TMapItem => ({
  type: 'GROUP',
  group: { id: groupId, type: 'STATIC' },
  systemsCount: features.length,
  tileMetadataUrl: null,
  geometry: { type: 'FeatureCollection', features },
});
/** A group the server hands over to tiles: its item names the TileJSON and counts systems it does not send. */
const tiledItemOf = (groupId: number, systemsCount: number, tileMetadataUrl: string): TMapItem => ({
  type: 'GROUP',
  group: { id: groupId, type: 'STATIC' },
  systemsCount,
  tileMetadataUrl,
  geometry: { type: 'FeatureCollection', features: [] },
});
const byId = (...groups: TMobilityGroupNode[]) => new Map(groups.map((entry) => [entry.id, entry]));

const TILES = 'https://tiles.example/api/mobility-system-groups/7/tiles.json';
const CIRCLE = { type: 'circle', paint: { 'circle-color': '#ff00ff', 'circle-radius': 8 } };

describe('buildGroupLayers', () => {
  it("splits a group's points from its lines, in the group's zoom range for the filter state", () => {
    const metro = group(1, { allowClustering: true, minZoomFiltered: 10, maxZoomNotFiltered: 18 });
    const [filtered] = buildGroupLayers([itemOf(1, [stop(11), route(12)])], byId(metro), new Set([1]), true);
    expect(filtered).toMatchObject({ groupId: 1, tilesUrl: null, isClustered: true, customLayers: null });
    expect(filtered.points.features.map((feature) => feature.id)).toEqual([11]);
    expect(filtered.lines.features.map((feature) => feature.id)).toEqual([12]);
    expect([filtered.minZoom, filtered.maxZoom]).toEqual([10, 24]);
    const [unfiltered] = buildGroupLayers([itemOf(1, [])], byId(metro), new Set([1]), false);
    expect([unfiltered.minZoom, unfiltered.maxZoom]).toEqual([0, 18]);
    expect(buildGroupLayers([itemOf(1, [])], byId(metro), new Set(), false)).toEqual([]);
  });

  it('draws a group the map answer names tiles for from those vector tiles, never clustered', () => {
    // Too large for GeoJSON by the server's measure: the group itself names no tiles.
    const tiled = group(7, { allowClustering: true });
    // The map answer sends the item empty: the systems come from the tiles.
    const [layer] = buildGroupLayers([tiledItemOf(7, 2500, TILES)], byId(tiled), new Set([7]), false);
    expect(layer).toMatchObject({ groupId: 7, tilesUrl: TILES, isClustered: false, customLayers: null });
    expect(interactiveGroupLayerIds(layer)).toEqual(['group-7-points', 'group-7-lines']);
  });

  it('draws a CUSTOM_LAYERS group with its own layers once the checker is there, else the defaults', () => {
    const custom = group(3, { layerType: 'CUSTOM_LAYERS', styles: [CIRCLE] });
    const items = [itemOf(3, [stop(31)])];
    expect(buildGroupLayers(items, byId(custom), new Set([3]), false, null)).toEqual([]);
    const [layer] = buildGroupLayers(items, byId(custom), new Set([3]), false, checkLayer);
    expect(layer.customLayers?.map((entry) => entry.id)).toEqual(['group-3-custom-0']);
    expect(interactiveGroupLayerIds(layer)).toEqual(['group-3-custom-0']);

    // Nothing usable in its styles: its systems stay on the map with the default layers.
    const broken = group(4, {
      layerType: 'CUSTOM_LAYERS',
      styles: [{ type: 'circle', paint: { 'circle-radius': 'big' } }],
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const [fallback] = buildGroupLayers([itemOf(4, [stop(41)])], byId(broken), new Set([4]), false, checkLayer);
    expect(fallback.customLayers).toBeNull();
    expect(interactiveGroupLayerIds(fallback)).toContain('group-4-points');
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('countDrawn', () => {
  it("counts a tiled group's systems, which the page never holds as features, with the others", () => {
    const groups = byId(group(1), group(7));
    const layers = buildGroupLayers(
      [itemOf(1, [stop(11), route(12)]), tiledItemOf(7, 2500, TILES)],
      groups,
      new Set([1, 7]),
      false,
    );
    expect(countDrawn(layers)).toBe(2502);
    // A group left out of the filter is not counted.
    expect(
      countDrawn(buildGroupLayers([itemOf(1, [stop(11)]), tiledItemOf(7, 2500, TILES)], groups, new Set([1]), false)),
    ).toBe(1);
  });
});

describe('buildCustomLayers', () => {
  const zoom = { minZoom: 10, maxZoom: 18 };

  it("gives each layer its id and the group's slot and zoom range, dropping the id and source it named", () => {
    const styles = [
      { id: 'mine', source: 'elsewhere', ...CIRCLE, minzoom: 12 },
      { type: 'line', paint: { 'line-color': '#123456', 'line-width': 3 }, maxzoom: 22 },
    ];
    const layers = buildCustomLayers(group(5, { styles }), { tilesUrl: null, ...zoom, check: checkLayer });
    expect(layers).toEqual([
      {
        id: 'group-5-custom-0',
        beforeId: SLOT.points,
        definition: { ...CIRCLE, minzoom: 12, maxzoom: 18 },
      },
      {
        id: 'group-5-custom-1',
        beforeId: SLOT.lines,
        definition: { type: 'line', paint: { 'line-color': '#123456', 'line-width': 3 }, minzoom: 10, maxzoom: 18 },
      },
    ]);
  });

  it("reads the tiles' layer `systems` unless the definition names another source layer", () => {
    const styles = [CIRCLE, { ...CIRCLE, 'source-layer': 'paragens' }];
    const layers = buildCustomLayers(group(7, { styles }), { tilesUrl: TILES, ...zoom, check: checkLayer });
    expect(layers.map((layer) => (layer.definition as { 'source-layer'?: string })['source-layer'])).toEqual([
      'systems',
      'paragens',
    ]);
  });

  it('leaves out, with a warning, what MapLibre could not draw, and keeps the rest', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const styles = [
      'not a layer',
      { type: 'background', paint: { 'background-color': '#000' } },
      { type: 'circle', paint: { 'circle-colour': '#f00' } },
      { type: 'line', paint: { 'line-width': 'thick' } },
      { type: 'circle', filter: ['==', 'systemType'] },
      CIRCLE,
    ];
    const layers = buildCustomLayers(group(8, { styles }), { tilesUrl: null, ...zoom, check: checkLayer });
    expect(layers.map((layer) => layer.id)).toEqual(['group-8-custom-5']);
    expect(warn).toHaveBeenCalledTimes(5);
    expect(warn.mock.calls.map(([message]) => String(message).split(':')[0])).toEqual([
      'Map layer group-8-custom-0 of group 8 left out',
      'Map layer group-8-custom-1 of group 8 left out',
      'Map layer group-8-custom-2 of group 8 left out',
      'Map layer group-8-custom-3 of group 8 left out',
      'Map layer group-8-custom-4 of group 8 left out',
    ]);
  });
});

describe('styleLayersOf', () => {
  it('reads a list of layers, a style with layers, or a single layer', () => {
    expect(styleLayersOf([CIRCLE])).toEqual([CIRCLE]);
    expect(styleLayersOf({ version: 8, layers: [CIRCLE] })).toEqual([CIRCLE]);
    expect(styleLayersOf(CIRCLE)).toEqual([CIRCLE]);
    expect(styleLayersOf(null)).toEqual([]);
  });
});
