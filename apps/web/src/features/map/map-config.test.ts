import { describe, expect, it } from 'vitest';
import { readBounds, readMapSettings } from './map-config';

describe('the map settings', () => {
  it('takes the spec defaults when the configuration says nothing', () => {
    expect(readMapSettings({}, false)).toEqual({
      center: { longitude: -8.6109, latitude: 41.1496 },
      zoom: 13,
      maxZoom: 20,
      maxBounds: null,
      showAllOnEmptyFilter: true,
      isTrafficEnabled: false,
    });
  });

  it('reads centre, zoom, traffic and the mobile bounds below 992 px', () => {
    const config = {
      mapCenter: { lat: 38.72, lng: -9.14 },
      mapZoom: 22,
      maxZoom: 18,
      mapMaxBounds: [
        [-10, 36],
        [-6, 42],
      ],
      mapMaxBoundsMobile: { minLongitude: -9.5, minLatitude: 38.5, maxLongitude: -9, maxLatitude: 39 },
      mapShowAllOnEmptyFilter: false,
      waze_enabled: true,
    };
    const desktop = readMapSettings(config, false);
    expect(desktop.center).toEqual({ longitude: -9.14, latitude: 38.72 });
    expect(desktop.zoom).toBe(18);
    expect(desktop.maxBounds).toEqual([
      [-10, 36],
      [-6, 42],
    ]);
    expect(desktop.showAllOnEmptyFilter).toBe(false);
    expect(desktop.isTrafficEnabled).toBe(true);
    expect(readMapSettings(config, true).maxBounds).toEqual([
      [-9.5, 38.5],
      [-9, 39],
    ]);
  });

  it('ignores bounds that are not a box', () => {
    expect(readBounds('nowhere')).toBeNull();
    expect(
      readBounds([
        [0, 0],
        [0, 0],
      ]),
    ).toBeNull();
    expect(readBounds([[1, 2, 3]])).toBeNull();
  });
});
