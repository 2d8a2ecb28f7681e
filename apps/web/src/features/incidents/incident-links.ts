import type { TEventGeoJson, TGeometry } from '@mip/shared';

export type TLngLat = [number, number];

/** A place on the geometry itself: a point, a line's middle vertex, a polygon's box centre. */
function anchorOfGeometry(geometry: TGeometry): TLngLat {
  switch (geometry.type) {
    case 'Point':
      return [geometry.coordinates[0], geometry.coordinates[1]];
    case 'MultiPoint':
      return [geometry.coordinates[0][0], geometry.coordinates[0][1]];
    case 'LineString': {
      const middle = geometry.coordinates[Math.floor(geometry.coordinates.length / 2)];
      return [middle[0], middle[1]];
    }
    case 'MultiLineString':
      return anchorOfGeometry({ type: 'LineString', coordinates: geometry.coordinates[0] });
    case 'Polygon': {
      const ring = geometry.coordinates[0];
      const longitudes = ring.map((position) => position[0]);
      const latitudes = ring.map((position) => position[1]);
      return [
        (Math.min(...longitudes) + Math.max(...longitudes)) / 2,
        (Math.min(...latitudes) + Math.max(...latitudes)) / 2,
      ];
    }
    case 'MultiPolygon':
      return anchorOfGeometry({ type: 'Polygon', coordinates: geometry.coordinates[0] });
  }
}

/** Where the incident is, for street view and directions: on its first own part (not an alternative path). */
export function anchorOf(geojson: TEventGeoJson): TLngLat | null {
  const part = geojson.features.find((feature) => !feature.properties.isAlternative) ?? geojson.features[0];
  return part ? anchorOfGeometry(part.geometry) : null;
}

const at = ([longitude, latitude]: TLngLat) => `${latitude.toFixed(6)},${longitude.toFixed(6)}`;

/** Google Street View at the place (Maps URLs, no key needed to open it). */
export const streetViewUrl = (anchor: TLngLat) =>
  `https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=${at(anchor)}`;

/** Directions to the place in the navigation apps people use. */
export const navigationLinks = (anchor: TLngLat) => [
  { app: 'googleMaps', url: `https://www.google.com/maps/dir/?api=1&destination=${at(anchor)}` },
  { app: 'waze', url: `https://waze.com/ul?ll=${at(anchor)}&navigate=yes` },
  { app: 'appleMaps', url: `https://maps.apple.com/?daddr=${at(anchor)}` },
];

/** Spec 001 §6: street view for MANAGE_EVENTS, and only with a maps key longer than 5 characters. */
export const hasStreetViewKey = (key: unknown) => typeof key === 'string' && key.trim().length > 5;
