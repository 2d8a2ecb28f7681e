import {
  CURRENT_EVENT_COLOUR,
  EVENT_CIRCLE_RADIUS_METRES,
  FUTURE_EVENT_COLOUR,
  type TEventFeatureProperties,
  type TEventGeoJson,
} from '@mip/shared';
import type { TDrawnPart } from '../../components/map/ShapeEditor';
import { geometryOfPart, partsOfGeometry, type TShapePart } from '../../components/map/shape-parts';

/** Alternative paths are dashed in a colour of their own, apart from the incident's orange or red. */
export const ALTERNATIVE_PATH_COLOUR = '#1864ab';

/** One part of an incident's drawing, with its feature's properties (alternative path, arrows, circle…). */
export interface TEventPart extends TShapePart {
  properties: TEventFeatureProperties;
}

/** The event's GeoJSON as parts; a feature with a Multi* geometry becomes several parts with its properties. */
export function partsOfEventGeoJson(geojson: TEventGeoJson | null | undefined): TEventPart[] {
  return (geojson?.features ?? []).flatMap((feature) =>
    partsOfGeometry(feature.geometry).map((part) => ({ ...part, properties: { ...feature.properties } })),
  );
}

/** Properties that only mean something for one kind of part are dropped from the others. */
function propertiesFor(part: TEventPart): TEventFeatureProperties {
  const { isAlternative, showDirections, isCircle, ...rest } = part.properties;
  return {
    ...rest,
    ...(part.kind === 'LineString' && isAlternative ? { isAlternative } : {}),
    ...(part.kind === 'LineString' && showDirections ? { showDirections } : {}),
    ...(part.kind === 'Point' && isCircle ? { isCircle } : {}),
  };
}

/** The parts as the API takes them: one feature per complete part; null when nothing is drawn yet. */
export function eventGeoJsonOfParts(parts: TEventPart[]): TEventGeoJson | null {
  const features = parts.flatMap((part) => {
    const geometry = geometryOfPart(part);
    return geometry ? [{ type: 'Feature' as const, geometry, properties: propertiesFor(part) }] : [];
  });
  return features.length > 0 ? { type: 'FeatureCollection', features } : null;
}

/** How the editor draws a part: the incident's colour (future or current), alternative paths dashed in blue. */
export function drawnEventPart(part: TEventPart, isFuture: boolean): TDrawnPart {
  const isAlternative = part.kind === 'LineString' && Boolean(part.properties.isAlternative);
  const incidentColour = isFuture ? FUTURE_EVENT_COLOUR : CURRENT_EVENT_COLOUR;
  return {
    kind: part.kind,
    positions: part.positions,
    holes: part.holes,
    color: isAlternative ? ALTERNATIVE_PATH_COLOUR : (part.properties.color ?? incidentColour),
    isDashed: isAlternative,
    showDirection: part.kind === 'LineString' && Boolean(part.properties.showDirections),
    circleRadius: part.kind === 'Point' && part.properties.isCircle ? EVENT_CIRCLE_RADIUS_METRES : undefined,
  };
}
