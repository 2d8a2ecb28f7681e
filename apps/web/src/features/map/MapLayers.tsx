import { GROUP_TILES_LAYER, type TGeometry, TRAFFIC_LEVEL_COLOURS, type TTrafficCollection } from '@mip/shared';
import type { ExpressionSpecification, VectorSourceSpecification } from 'maplibre-gl';
import { Layer, type LayerProps, Source } from 'react-map-gl/maplibre';
import { CLUSTER_COUNT_IMAGE } from './cluster-counts';
import { groupLayerIds, SLOT, type TGroupLayer, Z_SLOTS } from './map-layers';
import type { TTileSource } from './useTileJsons';

/** Empty, hidden layers that mark the spec's z-order slots: every other layer is inserted below one of them. */
export function SlotLayers() {
  return Z_SLOTS.map((id) => <Layer key={id} id={id} type="background" layout={{ visibility: 'none' }} />);
}

const colourOf = (fallback: string): ExpressionSpecification => ['coalesce', ['get', 'color'], fallback];

const IS_POINT: ExpressionSpecification = ['match', ['geometry-type'], ['Point', 'MultiPoint'], true, false];
const IS_NOT_POINT: ExpressionSpecification = ['!', IS_POINT];
const LINE_LAYOUT = { 'line-cap': 'round', 'line-join': 'round' } as const;

function linePaint(layer: TGroupLayer) {
  return { 'line-color': colourOf(layer.colour), 'line-width': 4, 'line-opacity': 0.85 };
}

const iconLayout = (iconImage: string) =>
  ({ 'icon-image': iconImage, 'icon-size': 0.5, 'icon-allow-overlap': true }) as const;

function pointPaint(layer: TGroupLayer) {
  return {
    'circle-color': layer.iconImage ? '#ffffff' : colourOf(layer.colour),
    'circle-radius': layer.iconImage ? 10 : 6,
    'circle-stroke-color': layer.iconImage ? colourOf(layer.colour) : '#ffffff',
    'circle-stroke-width': 2,
  };
}

/**
 * A group's own layers (CUSTOM_LAYERS) on the group's source, named here: <Source> gives its id only to
 * layers that are its direct children. A changed definition is a new layer.
 */
function CustomLayers({ layer, source }: { layer: TGroupLayer; source: string }) {
  return layer.customLayers?.map((custom) => (
    <Layer
      key={`${custom.id}:${JSON.stringify(custom.definition)}`}
      {...({ ...custom.definition, id: custom.id, source, beforeId: custom.beforeId } as LayerProps)}
    />
  ));
}

/** A tiled group's source: its TileJSON as read ahead, or its address for the map to read. */
function vectorSourceOf(source: TTileSource): Omit<VectorSourceSpecification, 'type'> {
  if (source.kind === 'address') return { url: source.url };
  // Only what the TileJSON says: the map's checks refuse a key that is there but undefined.
  return Object.fromEntries(Object.entries(source.tileJson).filter(([, value]) => value !== undefined));
}

/** A group drawn from its vector tiles (layer `systems`): the same lines, circles and icons, never clustered. */
function TiledGroupLayers({ layer, source }: { layer: TGroupLayer; source: TTileSource }) {
  const ids = groupLayerIds(layer.groupId);
  // The source is named on each layer: inside a fragment, <Source> does not reach them.
  const common = {
    source: ids.tiles,
    'source-layer': GROUP_TILES_LAYER,
    minzoom: layer.minZoom,
    maxzoom: layer.maxZoom,
  };
  return (
    <Source id={ids.tiles} type="vector" {...vectorSourceOf(source)}>
      {layer.customLayers ? (
        <CustomLayers layer={layer} source={ids.tiles} />
      ) : (
        <>
          <Layer
            id={ids.lines}
            type="line"
            beforeId={SLOT.lines}
            {...common}
            filter={IS_NOT_POINT}
            layout={LINE_LAYOUT}
            paint={linePaint(layer)}
          />
          <Layer
            id={ids.points}
            type="circle"
            beforeId={SLOT.points}
            {...common}
            filter={IS_POINT}
            paint={pointPaint(layer)}
          />
          {layer.iconImage && (
            <Layer
              id={ids.icons}
              type="symbol"
              beforeId={SLOT.points}
              {...common}
              filter={IS_POINT}
              layout={iconLayout(layer.iconImage)}
            />
          )}
        </>
      )}
    </Source>
  );
}

/**
 * One group's systems: routes as coloured lines, stops as circles (with the group's icon), clustered if
 * allowed; from its vector tiles when it has them (`tileSource`, nothing until its TileJSON's read is over);
 * with its own layers when it is a CUSTOM_LAYERS group.
 */
export function GroupLayers({ layer, tileSource }: { layer: TGroupLayer; tileSource?: TTileSource }) {
  const ids = groupLayerIds(layer.groupId);
  if (layer.tilesUrl) return tileSource ? <TiledGroupLayers layer={layer} source={tileSource} /> : null;
  if (layer.customLayers) {
    const data = { type: 'FeatureCollection' as const, features: [...layer.lines.features, ...layer.points.features] };
    return (
      <Source id={ids.all} type="geojson" data={data}>
        <CustomLayers layer={layer} source={ids.all} />
      </Source>
    );
  }
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
          layout={LINE_LAYOUT}
          paint={linePaint(layer)}
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
              // Opaque: the group's lines run under its clusters and must not show through the count.
              'circle-opacity': 1,
              'circle-radius': ['step', ['get', 'point_count'], 14, 10, 18, 100, 24],
              'circle-stroke-color': '#ffffff',
              'circle-stroke-width': 2,
            }}
          />
        )}
        {layer.isClustered && (
          <Layer
            id={ids.clusterCounts}
            type="symbol"
            {...points}
            filter={['has', 'point_count']}
            layout={{
              'icon-image': CLUSTER_COUNT_IMAGE as unknown as ExpressionSpecification,
              'icon-allow-overlap': true,
              'icon-ignore-placement': true,
            }}
          />
        )}
        <Layer id={ids.points} type="circle" {...points} filter={unclustered} paint={pointPaint(layer)} />
        {layer.iconImage && (
          <Layer id={ids.icons} type="symbol" {...points} filter={unclustered} layout={iconLayout(layer.iconImage)} />
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
