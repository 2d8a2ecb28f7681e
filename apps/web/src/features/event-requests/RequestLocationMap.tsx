import { Stack, Text } from '@mantine/core';
import { boundingBoxOf, CURRENT_EVENT_COLOUR, type TGeometry } from '@mip/shared';
import type { ExpressionSpecification } from 'maplibre-gl';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Layer, type MapRef, Source } from 'react-map-gl/maplibre';
import { BaseMap } from '../../components/map/BaseMap';

const isType = (...types: string[]): ExpressionSpecification => ['match', ['geometry-type'], types, true, false];

/** Where the reporter placed the occurrence, on a small map that only shows it. */
export function RequestLocationMap({ geometry, label }: { geometry: TGeometry; label: string }) {
  const { t } = useTranslation();
  const mapRef = useRef<MapRef>(null);
  const feature = { type: 'Feature' as const, properties: {}, geometry };

  const handleLoad = () => {
    const box = boundingBoxOf(geometry);
    mapRef.current?.fitBounds(
      [
        [box.minLongitude, box.minLatitude],
        [box.maxLongitude, box.maxLatitude],
      ],
      { padding: 50, maxZoom: 16, duration: 0 },
    );
  };

  return (
    <Stack gap="xs">
      <div data-testid="request-location-map">
        <BaseMap label={label} mapRef={mapRef} height={280} onLoad={handleLoad}>
          <Source id="request-location" type="geojson" data={feature}>
            <Layer
              id="request-area"
              type="fill"
              filter={isType('Polygon', 'MultiPolygon')}
              paint={{ 'fill-color': CURRENT_EVENT_COLOUR, 'fill-opacity': 0.3 }}
            />
            <Layer
              id="request-line"
              type="line"
              filter={isType('LineString', 'MultiLineString', 'Polygon', 'MultiPolygon')}
              paint={{ 'line-color': CURRENT_EVENT_COLOUR, 'line-width': 4 }}
            />
            <Layer
              id="request-point"
              type="circle"
              filter={isType('Point', 'MultiPoint')}
              paint={{
                'circle-color': CURRENT_EVENT_COLOUR,
                'circle-radius': 8,
                'circle-stroke-color': '#ffffff',
                'circle-stroke-width': 2,
              }}
            />
          </Source>
        </BaseMap>
      </div>
      {geometry.type === 'Point' && (
        <Text size="sm" c="dimmed" data-testid="request-coordinates">
          {t('eventRequests.coordinates', {
            latitude: geometry.coordinates[1].toFixed(6),
            longitude: geometry.coordinates[0].toFixed(6),
          })}
        </Text>
      )}
    </Stack>
  );
}
