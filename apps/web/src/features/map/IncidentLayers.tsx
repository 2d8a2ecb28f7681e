import type { TEventFeature, TEventMapFeature } from '@mip/shared';
import type { ExpressionSpecification } from 'maplibre-gl';
import { Layer, Source } from 'react-map-gl/maplibre';
import { arrowImageId } from './incident-icons';
import { CIRCLE_RADIUS_EXPRESSION, INCIDENT_COLOURS, incidentLayerIds, type TIncidentKind } from './incident-layers';
import { SLOT } from './map-layers';

/** Spec 001 §9: polygons are filled at 30 % so what lies under them still shows. */
export const INCIDENT_FILL_OPACITY = 0.3;
const ALTERNATIVE_COLOUR = '#2f9e44';

const isGeometry = (type: 'Point' | 'LineString' | 'Polygon'): ExpressionSpecification => [
  '==',
  ['geometry-type'],
  type,
];

/**
 * One kind of incident (current or future) in its colour, in the incidents' slot above the systems:
 * polygons filled and outlined, lines, 100-metre circles that keep their size on the ground, points,
 * and arrows along the lines whose direction is shown.
 */
export function IncidentLayers({
  kind,
  data,
}: {
  kind: TIncidentKind;
  data: { type: 'FeatureCollection'; features: TEventMapFeature[] };
}) {
  const ids = incidentLayerIds(kind);
  const colour = INCIDENT_COLOURS[kind];
  const beforeId = SLOT.incidents;
  return (
    <Source id={ids.source} type="geojson" data={data}>
      <Layer
        id={ids.fills}
        type="fill"
        beforeId={beforeId}
        filter={isGeometry('Polygon')}
        paint={{ 'fill-color': colour, 'fill-opacity': INCIDENT_FILL_OPACITY }}
      />
      <Layer
        id={ids.lines}
        type="line"
        beforeId={beforeId}
        filter={['any', isGeometry('LineString'), isGeometry('Polygon')]}
        layout={{ 'line-cap': 'round', 'line-join': 'round' }}
        paint={{ 'line-color': colour, 'line-width': ['case', isGeometry('Polygon'), 2, 5] }}
      />
      <Layer
        id={ids.arrows}
        type="symbol"
        beforeId={beforeId}
        filter={['all', isGeometry('LineString'), ['==', ['get', 'showDirections'], true]]}
        layout={{
          'symbol-placement': 'line',
          'symbol-spacing': 90,
          'icon-image': [
            'match',
            ['get', 'direction'],
            'BOTH_DIRECTION',
            arrowImageId('both', kind),
            arrowImageId('one', kind),
          ],
          'icon-allow-overlap': true,
          'icon-rotation-alignment': 'map',
        }}
      />
      <Layer
        id={ids.circles}
        type="circle"
        beforeId={beforeId}
        filter={['all', isGeometry('Point'), ['has', '_r0']]}
        paint={{
          'circle-radius': CIRCLE_RADIUS_EXPRESSION as unknown as ExpressionSpecification,
          'circle-color': colour,
          'circle-opacity': INCIDENT_FILL_OPACITY,
          'circle-stroke-color': colour,
          'circle-stroke-width': 2,
          'circle-pitch-alignment': 'map',
        }}
      />
      <Layer
        id={ids.points}
        type="circle"
        beforeId={beforeId}
        filter={['all', isGeometry('Point'), ['!', ['has', '_r0']]]}
        paint={{
          'circle-radius': 8,
          'circle-color': colour,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        }}
      />
    </Source>
  );
}

/** The open incident's alternative paths, dashed, only while its card asks for them (spec 001 §4). */
export function AlternativePathsLayer({ features }: { features: TEventFeature[] }) {
  return (
    <Source id="incident-alternatives" type="geojson" data={{ type: 'FeatureCollection', features }}>
      <Layer
        id="incident-alternatives"
        type="line"
        beforeId={SLOT.incidents}
        layout={{ 'line-cap': 'round', 'line-join': 'round' }}
        paint={{ 'line-color': ALTERNATIVE_COLOUR, 'line-width': 5, 'line-dasharray': [1.5, 1.5] }}
      />
    </Source>
  );
}
