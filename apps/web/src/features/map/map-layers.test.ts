import { describe, expect, it } from 'vitest';
import { readOccurrence } from './map-layers';

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
