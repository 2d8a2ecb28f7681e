import { type TGeometry, TRAFFIC_LEVEL_COLOURS, type TTrafficCollection } from '@mip/shared';
import type { ExpressionSpecification } from 'maplibre-gl';
import { Layer, Source } from 'react-map-gl/maplibre';
import { groupLayerIds, SLOT, type TGroupLayer, Z_SLOTS } from './map-layers';

/** Empty, hidden layers that mark the spec's z-order slots: every other layer is inserted below one of them. */
export function SlotLayers() {
  return Z_SLOTS.map((id) => <Layer key={id} id={id} type="background" layout={{ visibility: 'none' }} />);
}

const colourOf = (fallback: string): ExpressionSpecification => ['coalesce', ['get', 'color'], fallback];

/** One group's systems: routes as coloured lines, stops as circles (with the group's icon), clustered if allowed. */
export function GroupLayers({ layer }: { layer: TGroupLayer }) {
  const ids = groupLayerIds(layer.groupId);
  const points = { beforeId: SLOT.points, minzoom: layer.minZoom, maxzoom: layer.maxZoom };
  const unclustered: ExpressionSpecification = ['!', ['has', 'point_count']];
  return (
    <>
      <Source id={ids.lines} type="geojson" data={layer.lines}>
        <Layer
          id={ids.lines}
          type="line"
          beforeId={SLOT.lines}
          minzoom={layer.minZoom}
          maxzoom={layer.maxZoom}
          layout={{ 'line-cap': 'round', 'line-join': 'round' }}
          paint={{ 'line-color': colourOf(layer.colour), 'line-width': 4, 'line-opacity': 0.85 }}
        />
      </Source>
      <Source
        id={ids.points}
        type="geojson"
        data={layer.points}
        cluster={layer.isClustered}
        clusterRadius={50}
        clusterMaxZoom={15}
      >
        {layer.isClustered && (
          <Layer
            id={ids.clusters}
            type="circle"
            {...points}
            filter={['has', 'point_count']}
            paint={{
              'circle-color': layer.colour,
              'circle-opacity': 0.8,
              'circle-radius': ['step', ['get', 'point_count'], 14, 10, 18, 100, 24],
              'circle-stroke-color': '#ffffff',
              'circle-stroke-width': 2,
            }}
          />
        )}
        <Layer
          id={ids.points}
          type="circle"
          {...points}
          filter={unclustered}
          paint={{
            'circle-color': layer.iconImage ? '#ffffff' : colourOf(layer.colour),
            'circle-radius': layer.iconImage ? 10 : 6,
            'circle-stroke-color': layer.iconImage ? colourOf(layer.colour) : '#ffffff',
            'circle-stroke-width': 2,
          }}
        />
        {layer.iconImage && (
          <Layer
            id={ids.icons}
            type="symbol"
            {...points}
            filter={unclustered}
            layout={{ 'icon-image': layer.iconImage, 'icon-size': 0.5, 'icon-allow-overlap': true }}
          />
        )}
      </Source>
    </>
  );
}

export const TRAFFIC_LAYER_ID = 'traffic-jams';

/** Waze jams coloured by level, from free flow to closed. */
export function TrafficLayer({ traffic }: { traffic: TTrafficCollection }) {
  const byLevel = Object.entries(TRAFFIC_LEVEL_COLOURS).flatMap(([level, colour]) => [Number(level), colour]);
  return (
    <Source id={TRAFFIC_LAYER_ID} type="geojson" data={traffic}>
      <Layer
        id={TRAFFIC_LAYER_ID}
        type="line"
        beforeId={SLOT.traffic}
        layout={{ 'line-cap': 'round', 'line-join': 'round' }}
        paint={{
          'line-color': ['match', ['get', 'level'], ...byLevel, '#868e96'] as unknown as ExpressionSpecification,
          'line-width': 5,
        }}
      />
    </Source>
  );
}

/** A ring around the selected system or incident, above everything else. */
export function SelectedLayer({ geometries }: { geometries: TGeometry[] }) {
  const data = {
    type: 'FeatureCollection' as const,
    features: geometries.map((geometry) => ({ type: 'Feature' as const, geometry, properties: {} })),
  };
  return (
    <Source id="selected" type="geojson" data={data}>
      <Layer
        id="selected-line"
        type="line"
        beforeId={SLOT.selected}
        filter={['!=', ['geometry-type'], 'Point']}
        paint={{ 'line-color': '#1c7ed6', 'line-width': 9, 'line-opacity': 0.45 }}
      />
      <Layer
        id="selected-point"
        type="circle"
        beforeId={SLOT.selected}
        filter={['==', ['geometry-type'], 'Point']}
        paint={{
          'circle-radius': 14,
          'circle-color': 'rgba(0,0,0,0)',
          'circle-stroke-color': '#1c7ed6',
          'circle-stroke-width': 3,
        }}
      />
    </Source>
  );
}
