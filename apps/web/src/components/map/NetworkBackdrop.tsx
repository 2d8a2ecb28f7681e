import type { TMapFeature, TMapItem } from '@mip/shared';
import { useMemo } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import { useMapItems } from '../../features/map/useMapData';

/** The public map's lines and stops as one collection; incidents are left to the maps that show them. */
export function networkFeatures(items: readonly TMapItem[]): { type: 'FeatureCollection'; features: TMapFeature[] } {
  const features: TMapFeature[] = [];
  for (const item of items) {
    if (item.group === null) continue;
    for (const feature of item.geometry.features) {
      if (feature.properties.systemType !== 'OTHER') features.push(feature);
    }
  }
  return { type: 'FeatureCollection', features };
}

const LINE_COLOUR = ['coalesce', ['get', 'color'], '#5c6f82'];

/**
 * The network, drawn lightly under whatever a map is for (placing a report,
 * drawing an event, a request's location): lines in their colours, stops as
 * small dots, never clickable. A place is easier to find by its metro line or
 * its stop than by streets alone.
 */
export function NetworkBackdrop() {
  const items = useMapItems();
  const data = useMemo(() => networkFeatures(items.data ?? []), [items.data]);
  if (data.features.length === 0) return null;
  return (
    <Source id="network-backdrop" type="geojson" data={data}>
      <Layer
        id="network-backdrop-lines"
        type="line"
        filter={['in', ['geometry-type'], ['literal', ['LineString', 'MultiLineString']]]}
        layout={{ 'line-cap': 'round', 'line-join': 'round' }}
        paint={{
          'line-color': LINE_COLOUR as never,
          'line-opacity': 0.45,
          'line-width': ['interpolate', ['linear'], ['zoom'], 10, 1.5, 16, 3.5],
        }}
      />
      <Layer
        id="network-backdrop-stops"
        type="circle"
        filter={['in', ['geometry-type'], ['literal', ['Point', 'MultiPoint']]]}
        minzoom={12}
        paint={{
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 12, 2, 17, 4.5],
          'circle-color': '#ffffff',
          'circle-opacity': 0.8,
          'circle-stroke-color': '#5c6f82',
          'circle-stroke-width': 1,
          'circle-stroke-opacity': 0.6,
        }}
      />
    </Source>
  );
}
