import { describe, expect, it } from 'vitest';
import type { TFeedModel, TRoute, TShape, TTrip } from '../reader/feed-model.ts';
import { routeSystemRow, shapesByRoute } from './feed-systems.ts';

const route = (routeId: string): TRoute => ({
  routeId,
  agencyRef: 1,
  shortName: routeId,
  longName: '',
  description: null,
  type: 3,
  url: null,
  color: null,
  textColor: null,
  sortOrder: null,
});
const trip = (routeRef: number, shapeRef: number | null): TTrip => ({
  tripId: `t${routeRef}-${shapeRef}`,
  routeRef,
  serviceRef: 1,
  headsign: null,
  shortName: null,
  directionId: 0,
  blockId: null,
  shapeRef,
});
const shape = (shapeId: string, x: number): TShape => ({
  shapeId,
  coordinates: [
    [x, 41],
    [x + 0.01, 41.01],
  ],
});

// Only what the routes' rows read of a feed.
const model = {
  routes: [route('A'), route('B'), route('C')],
  shapes: [shape('s1', -8.6), shape('s2', -8.5), shape('s3', -8.4)],
  stops: [],
  trips: [trip(1, 2), trip(2, 3), trip(1, 1), trip(1, 2), trip(3, null)],
} as unknown as TFeedModel;

describe("a route's line", () => {
  it('is the distinct shapes of its own trips, in the order of the shapes', () => {
    const shapes = shapesByRoute(model);
    expect(shapes).toEqual(
      new Map([
        [1, new Set([2, 1])],
        [2, new Set([3])],
      ]),
    );
    const row = routeSystemRow(model, 1, { directions: {}, shapeRefs: shapes.get(1) ?? new Set(), serviceDays: [] });
    expect(row.geometry).toEqual({
      type: 'MultiLineString',
      coordinates: [model.shapes[0].coordinates, model.shapes[1].coordinates],
    });
    expect(row).toMatchObject({ minLongitude: -8.6, maxLongitude: -8.49 });
  });

  it('is none for a route whose trips have no shape and whose directions have no stops', () => {
    const row = routeSystemRow(model, 3, { directions: {}, shapeRefs: new Set(), serviceDays: [] });
    expect(row.geometry).toBeNull();
  });
});
