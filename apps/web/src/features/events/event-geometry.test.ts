import { CURRENT_EVENT_COLOUR, FUTURE_EVENT_COLOUR, type TEventGeoJson, ZEventGeoJsonInput } from '@mip/shared';
import { describe, expect, it } from 'vitest';
import {
  ALTERNATIVE_PATH_COLOUR,
  drawnEventPart,
  eventGeoJsonOfParts,
  partsOfEventGeoJson,
  type TEventPart,
} from './event-geometry';

const line: TEventPart = {
  kind: 'LineString',
  positions: [
    [-8.61, 41.15],
    [-8.6, 41.16],
  ],
  properties: { showDirections: true },
};

describe('event geometry', () => {
  it('turns parts into the GeoJSON the shared schema takes, and back', () => {
    const parts: TEventPart[] = [
      line,
      { kind: 'LineString', positions: [...line.positions].reverse(), properties: { isAlternative: true } },
      { kind: 'Point', positions: [[-8.62, 41.14]], properties: { isCircle: true, textMarker: 'Obra' } },
    ];
    const geojson = eventGeoJsonOfParts(parts);
    expect(ZEventGeoJsonInput.safeParse(geojson).success).toBe(true);
    expect(geojson?.features.map((feature) => feature.properties)).toEqual([
      { showDirections: true },
      { isAlternative: true },
      { isCircle: true, textMarker: 'Obra' },
    ]);
    expect(partsOfEventGeoJson(geojson)).toEqual(parts);
  });

  it('leaves out parts still being drawn, and gives nothing when none is complete', () => {
    const started: TEventPart = { kind: 'Polygon', positions: [[0, 0]], properties: {} };
    expect(eventGeoJsonOfParts([started])).toBeNull();
    expect(eventGeoJsonOfParts([started, line])?.features).toHaveLength(1);
  });

  it('drops properties that do not fit the kind of part', () => {
    const point: TEventPart = {
      kind: 'Point',
      positions: [[0, 0]],
      properties: { isAlternative: true, showDirections: true },
    };
    expect(eventGeoJsonOfParts([point])?.features[0].properties).toEqual({});
  });

  it('splits a feature with several lines into parts that keep its properties', () => {
    const geojson: TEventGeoJson = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'MultiLineString', coordinates: [line.positions, line.positions] },
          properties: { isAlternative: true },
        },
      ],
    };
    const parts = partsOfEventGeoJson(geojson);
    expect(parts).toHaveLength(2);
    expect(parts.every((part) => part.properties.isAlternative)).toBe(true);
  });

  it('draws incidents in the current or future colour and alternative paths dashed in their own', () => {
    expect(drawnEventPart(line, false)).toMatchObject({
      color: CURRENT_EVENT_COLOUR,
      showDirection: true,
      isDashed: false,
    });
    expect(drawnEventPart(line, true).color).toBe(FUTURE_EVENT_COLOUR);
    const alternative = drawnEventPart({ ...line, properties: { isAlternative: true } }, false);
    expect(alternative).toMatchObject({ color: ALTERNATIVE_PATH_COLOUR, isDashed: true, showDirection: false });
    expect(
      drawnEventPart({ kind: 'Point', positions: [[0, 0]], properties: { isCircle: true } }, false).circleRadius,
    ).toBe(100);
  });
});
