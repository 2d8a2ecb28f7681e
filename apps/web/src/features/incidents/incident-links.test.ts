import type { TEventGeoJson } from '@mip/shared';
import { describe, expect, it } from 'vitest';
import { anchorOf, hasStreetViewKey, navigationLinks, streetViewUrl } from './incident-links';

const line: TEventGeoJson = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: {
        type: 'LineString',
        coordinates: [
          [-8.62, 41.14],
          [-8.61, 41.15],
          [-8.6, 41.16],
        ],
      },
      properties: { isAlternative: true },
    },
    {
      type: 'Feature',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-8.6, 41.1],
            [-8.5, 41.1],
            [-8.5, 41.2],
            [-8.6, 41.1],
          ],
        ],
      },
      properties: {},
    },
  ],
};

describe('anchorOf', () => {
  it("lies on the incident's own first part, not on an alternative path", () => {
    const anchor = anchorOf(line);
    expect(anchor?.[0]).toBeCloseTo(-8.55, 10);
    expect(anchor?.[1]).toBeCloseTo(41.15, 10);
    expect(anchorOf({ type: 'FeatureCollection', features: [line.features[0]] })).toEqual([-8.61, 41.15]);
    expect(anchorOf({ type: 'FeatureCollection', features: [] })).toBeNull();
  });
});

describe('links', () => {
  it('point Street View and the navigation apps at the place', () => {
    expect(streetViewUrl([-8.61, 41.15])).toBe(
      'https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=41.150000,-8.610000',
    );
    expect(navigationLinks([-8.61, 41.15]).map((link) => link.url)).toEqual([
      'https://www.google.com/maps/dir/?api=1&destination=41.150000,-8.610000',
      'https://waze.com/ul?ll=41.150000,-8.610000&navigate=yes',
      'https://maps.apple.com/?daddr=41.150000,-8.610000',
    ]);
  });

  it('offer street view only with a maps key longer than 5 characters', () => {
    expect(hasStreetViewKey('abcdef')).toBe(true);
    expect(hasStreetViewKey('abcde')).toBe(false);
    expect(hasStreetViewKey('')).toBe(false);
    expect(hasStreetViewKey(undefined)).toBe(false);
  });
});
