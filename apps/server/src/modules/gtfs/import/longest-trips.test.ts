import { describe, expect, it } from 'vitest';
import { chooseRouteDirections } from './feed-systems.ts';
import { LongestTrips } from './longest-trips.ts';

// Trips 1–4 on route 1 (1, 2 and 4 outbound, 3 back), trip 5 on route 2.
const TRIPS = [
  { routeRef: 1, directionId: 0 as const },
  { routeRef: 1, directionId: 0 as const },
  { routeRef: 1, directionId: 1 as const },
  { routeRef: 1, directionId: 0 as const },
  { routeRef: 2, directionId: 0 as const },
];

/** Feeds [trip, stop, sequence] rows in file order. */
function follow(rows: [number, number, number][]) {
  const longest = new LongestTrips(TRIPS);
  for (const [trip, stop, sequence] of rows) longest.add(trip, stop, sequence);
  const counts = new Int32Array(TRIPS.length + 1);
  for (const [trip] of rows) counts[trip]++;
  return { longest, counts };
}

describe('LongestTrips', () => {
  it("keeps each route and direction's longest trip in sequence order, the lowest ref on a tie, as chooseRouteDirections picks", () => {
    const { longest, counts } = follow([
      // Trip 4 first in the file, as long as trip 2: trip 2 still wins the tie (lower ref).
      [4, 40, 1],
      [4, 41, 2],
      [4, 42, 3],
      [1, 10, 1],
      [1, 11, 2],
      // Rows of a trip out of sequence order.
      [2, 22, 30],
      [2, 20, 10],
      [2, 21, 20],
      [3, 30, 1],
      [3, 31, 2],
      [5, 50, 1],
    ]);
    const model = { trips: TRIPS.map((trip) => ({ ...trip, headsign: null })) };
    const { representativeTrips } = chooseRouteDirections(model as never, counts);
    const chosen = [...representativeTrips.values()];
    expect(chosen.sort()).toEqual([2, 3, 5]);
    expect(longest.stopsOf(chosen)).toEqual(
      new Map([
        [2, [20, 21, 22]],
        [3, [30, 31]],
        [5, [50]],
      ]),
    );
  });

  it('answers null for a trip it did not keep, so the caller reads the table', () => {
    const { longest } = follow([
      [1, 10, 1],
      [1, 11, 2],
      [2, 20, 1],
    ]);
    expect(longest.stopsOf([2])).toBeNull();
  });

  it('answers null once a trip comes back after another one: its length was not known when it ended', () => {
    const { longest } = follow([
      [1, 10, 1],
      [2, 20, 1],
      [1, 11, 2],
      [3, 30, 1],
    ]);
    expect(longest.stopsOf([1])).toBeNull();
  });
});
