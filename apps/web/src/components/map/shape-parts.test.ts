import type { TGeometry, TPosition } from '@mip/shared';
import { describe, expect, it } from 'vitest';
import {
  bearingOf,
  boundsOfParts,
  circleRing,
  directionMarks,
  geometryOfPart,
  geometryOfParts,
  isPartComplete,
  partsOfGeometry,
  toPosition,
} from './shape-parts';

const square: TGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ],
  ],
};

describe('partsOfGeometry and geometryOfParts', () => {
  it('turn every geometry type into parts and back unchanged', () => {
    const geometries: TGeometry[] = [
      { type: 'Point', coordinates: [-8.6, 41.1] },
      {
        type: 'MultiPoint',
        coordinates: [
          [-8.6, 41.1],
          [-8.5, 41.2],
        ],
      },
      {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      },
      {
        type: 'MultiLineString',
        coordinates: [
          [
            [0, 0],
            [1, 1],
          ],
          [
            [2, 2],
            [3, 3],
          ],
        ],
      },
      square,
      { type: 'MultiPolygon', coordinates: [square.coordinates, square.coordinates] },
    ];
    for (const geometry of geometries) expect(geometryOfParts(partsOfGeometry(geometry))).toEqual(geometry);
  });

  it('opens a polygon ring for editing, keeps its holes, and closes it again', () => {
    const hole: TPosition[] = [
      [0.2, 0.2],
      [0.4, 0.2],
      [0.4, 0.4],
      [0.2, 0.2],
    ];
    const [part] = partsOfGeometry({ type: 'Polygon', coordinates: [square.coordinates[0], hole] });
    expect(part.positions).toHaveLength(3);
    expect(part.holes).toEqual([hole]);
    expect(geometryOfPart(part)).toEqual({ type: 'Polygon', coordinates: [square.coordinates[0], hole] });
  });

  it('leaves out parts still being drawn, and mixed kinds make no single geometry', () => {
    const line = { kind: 'LineString' as const, positions: [toPosition(0, 0)] };
    expect(isPartComplete(line)).toBe(false);
    expect(geometryOfPart(line)).toBeNull();
    expect(geometryOfParts([line])).toBeNull();
    expect(
      geometryOfParts([
        { kind: 'Point', positions: [toPosition(0, 0)] },
        { kind: 'LineString', positions: [toPosition(0, 0), toPosition(1, 1)] },
      ]),
    ).toBeNull();
  });
});

describe('positions', () => {
  it('are rounded to six decimals', () => {
    expect(toPosition(-8.61234567, 41.14999999)).toEqual([-8.612346, 41.15]);
  });

  it('give the box around all parts', () => {
    expect(boundsOfParts([])).toBeNull();
    expect(
      boundsOfParts([
        { kind: 'Point', positions: [toPosition(-8.6, 41.2)] },
        { kind: 'LineString', positions: [toPosition(-8.7, 41.1), toPosition(-8.65, 41.15)] },
      ]),
    ).toEqual([
      [-8.7, 41.1],
      [-8.6, 41.2],
    ]);
  });
});

describe('direction arrows', () => {
  it('point along the compass from each segment start to its end', () => {
    expect(bearingOf([0, 0], [0, 1])).toBeCloseTo(0);
    expect(bearingOf([0, 0], [1, 0])).toBeCloseTo(90);
    expect(bearingOf([0, 1], [0, 0])).toBeCloseTo(180);
    expect(bearingOf([1, 0], [0, 0])).toBeCloseTo(270);
  });

  it('sit halfway along each segment and skip repeated positions', () => {
    const marks = directionMarks([
      [0, 0],
      [0, 2],
      [0, 2],
      [2, 2],
    ]);
    expect(marks.map((mark) => mark.position)).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });
});

describe('circleRing', () => {
  it('is a closed ring about the radius away from its centre', () => {
    const ring = circleRing([-8.61, 41.15], 100, 16);
    expect(ring).toHaveLength(17);
    expect(ring[0]).toEqual(ring[16]);
    // 100 m north is about 0.0009° of latitude.
    expect(ring[0][1] - 41.15).toBeCloseTo(0.0009, 4);
  });
});
