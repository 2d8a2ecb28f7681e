import { describe, expect, it } from 'vitest';
import { legendLines } from './legend';
import type { TGroupLayer } from './map-layers';

const line = (name: string, color: string | null) => ({
  type: 'Feature' as const,
  id: 1,
  geometry: { type: 'LineString' as const, coordinates: [] },
  properties: { _msid: 1, name, systemType: 'ROUTE' as const, color },
});

const layer = (groupId: number, names: [string, string | null][], tilesUrl: string | null = null): TGroupLayer => ({
  groupId,
  colour: '#0a6c74',
  points: { type: 'FeatureCollection', features: [] },
  lines: { type: 'FeatureCollection', features: names.map(([name, color]) => line(name, color)) as never },
  tilesUrl,
  systemsCount: names.length,
  isClustered: false,
  iconImage: null,
  minZoom: 0,
  maxZoom: 22,
  customLayers: null,
});

const groups = new Map([
  [1, { name: 'Metro do Porto' }],
  [2, { name: 'STCP' }],
]);

describe('the map legend', () => {
  it('lists each drawn line once with its colour, the group colour for lines without one', () => {
    const lines = legendLines(
      [
        layer(1, [
          ['B', '#C63920'],
          ['A', '#1FA1DB'],
          ['B', '#C63920'],
          ['E', null],
        ]),
      ],
      groups,
    );
    expect(lines).toEqual([
      { label: 'A', colour: '#1FA1DB' },
      { label: 'B', colour: '#C63920' },
      { label: 'E', colour: '#0a6c74' },
    ]);
  });

  it('names the networks instead when the lines are too many, or drawn from tiles', () => {
    const many = Array.from({ length: 13 }, (_, i) => [`${200 + i}`, '#123456'] as [string, string]);
    expect(legendLines([layer(1, many)], groups)).toEqual([{ label: 'Metro do Porto', colour: '#0a6c74' }]);
    expect(legendLines([layer(1, [['A', '#1FA1DB']]), layer(2, [], 'https://tiles/2.json')], groups)).toEqual([
      { label: 'Metro do Porto', colour: '#0a6c74' },
      { label: 'STCP', colour: '#0a6c74' },
    ]);
  });
});
