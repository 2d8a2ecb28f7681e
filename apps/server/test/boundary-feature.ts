/** Boundary files for tests, on their own (no server import) so the browser tests can build them too. */

/**
 * A boundary feature as the official map (CAOP) lays it out, for tests: no
 * real boundary ships with the product, so its polygon is the box around real
 * stations that lie in that parish.
 */
export function boundaryFeature(properties: Record<string, unknown>, stops: { latitude: number; longitude: number }[]) {
  const longitudes = stops.map((stop) => stop.longitude);
  const latitudes = stops.map((stop) => stop.latitude);
  const [west, east] = [Math.min(...longitudes), Math.max(...longitudes)];
  const [south, north] = [Math.min(...latitudes), Math.max(...latitudes)];
  return {
    type: 'Feature',
    properties,
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [west, south],
          [east, south],
          [east, north],
          [west, north],
          [west, south],
        ],
      ],
    },
  };
}

export const featureCollection = (features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });
