import { Button, Group, Input, Stack, Text, Textarea } from '@mantine/core';
import type { TGeometry } from '@mip/shared';
import { IconArrowBackUp, IconCode, IconFocusCentered, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Layer, type MapLayerMouseEvent, type MapRef, Marker, Source } from 'react-map-gl/maplibre';
import { errorText } from '../server-errors';
import { BaseMap } from './BaseMap';
import { boundsOfParts, circleRing, directionMarks, geometryOfPart, type TShapePart, toPosition } from './shape-parts';

/** A part as the map draws it. */
export interface TDrawnPart extends TShapePart {
  color: string;
  /** Drawn dashed (an alternative path, say). */
  isDashed?: boolean;
  /** A line with arrows along it, pointing from its first point to its last. */
  showDirection?: boolean;
  /** A point drawn as a circle of this radius, in metres. */
  circleRadius?: number;
}

interface TMapFeature {
  type: 'Feature';
  properties: { color: string; dashed: boolean };
  geometry: TGeometry;
}

/** The parts' map features: lines and area outlines, fills for areas and circles. */
function toFeatureCollection(parts: TDrawnPart[]): { type: 'FeatureCollection'; features: TMapFeature[] } {
  const features: TMapFeature[] = [];
  for (const part of parts) {
    const properties = { color: part.color, dashed: Boolean(part.isDashed) };
    if (part.kind === 'Point' && part.circleRadius && part.positions[0]) {
      const ring = circleRing(part.positions[0], part.circleRadius);
      features.push({ type: 'Feature', properties, geometry: { type: 'Polygon', coordinates: [ring] } });
      features.push({ type: 'Feature', properties, geometry: { type: 'LineString', coordinates: ring } });
    }
    if (part.kind === 'LineString' && part.positions.length >= 2) {
      features.push({ type: 'Feature', properties, geometry: { type: 'LineString', coordinates: part.positions } });
    }
    if (part.kind === 'Polygon' && part.positions.length >= 2) {
      const polygon = geometryOfPart(part);
      if (polygon) features.push({ type: 'Feature', properties, geometry: polygon });
      const outline = polygon?.type === 'Polygon' ? polygon.coordinates[0] : part.positions;
      features.push({ type: 'Feature', properties, geometry: { type: 'LineString', coordinates: outline } });
    }
  }
  return { type: 'FeatureCollection', features };
}

const VERTEX_STYLE = { display: 'block', width: 12, height: 12, borderRadius: 6, background: '#fff' } as const;

/** An arrow pointing north; the marker turns it to the segment's bearing. */
function DirectionArrow({ color }: { color: string }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" style={{ display: 'block' }}>
      <path d="M12 2 L21 20 L12 15 L3 20 Z" fill={color} stroke="#fff" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * Draws on a map: points, lines and areas, one part at a time. A click puts
 * the active point there or adds a point to the active line or area; the
 * active part's points can be dragged, the last one undone, the part cleared.
 * Parts may be dashed, show their direction with arrows, or be circles. The
 * whole drawing can also be edited as GeoJSON, which keeps it usable from the
 * keyboard. Callers decide what the parts mean (a stop, a route, an incident
 * and its alternative paths) and how they become a value.
 */
export function ShapeEditor<T extends TDrawnPart>({
  label,
  description,
  error,
  required,
  mapLabel,
  parts,
  activeIndex,
  onChange,
  onActivate,
  isReadOnly = false,
  height,
  geoJson,
  children,
  controls,
}: {
  label: string;
  description?: string;
  error?: ReactNode;
  required?: boolean;
  /** The map's accessible name. */
  mapLabel: string;
  parts: T[];
  /** The part a click draws on; none when null. */
  activeIndex: number | null;
  onChange: (parts: T[]) => void;
  /** A part's point was dragged: it becomes the active one. */
  onActivate?: (index: number) => void;
  isReadOnly?: boolean;
  height?: number | string;
  /** The drawing as GeoJSON text, and how an edited text is taken back (false when it is not a valid drawing). */
  geoJson?: { text: string; apply: (value: unknown) => boolean };
  /** Shown under the map (coordinates, a list of parts…). */
  children?: ReactNode;
  /** More buttons beside the editor's own. */
  controls?: ReactNode;
}) {
  const { t } = useTranslation();
  const mapRef = useRef<MapRef>(null);
  const [showText, setShowText] = useState(false);
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const [isFitPending, setIsFitPending] = useState(false);
  const active = activeIndex === null ? null : (parts[activeIndex] ?? null);
  const canDraw = !isReadOnly && active !== null;

  const fitToParts = (drawn: TShapePart[]) => {
    const bounds = boundsOfParts(drawn);
    if (!bounds || !mapRef.current) return;
    mapRef.current.fitBounds(bounds, { padding: 50, maxZoom: 16, duration: 0 });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: fit once, when new parts arrive from the text
  useEffect(() => {
    if (!isFitPending) return;
    setIsFitPending(false);
    fitToParts(parts);
  }, [parts, isFitPending]);

  const setPositions = (index: number, positions: TShapePart['positions']) =>
    onChange(parts.map((part, i) => (i === index ? { ...part, positions } : part)));

  const handleClick = (event: MapLayerMouseEvent) => {
    if (!canDraw || activeIndex === null || !active) return;
    const position = toPosition(event.lngLat.lng, event.lngLat.lat);
    setPositions(activeIndex, active.kind === 'Point' ? [position] : [...active.positions, position]);
  };

  const moveVertex = (partIndex: number, vertexIndex: number, lng: number, lat: number) => {
    const part = parts[partIndex];
    setPositions(
      partIndex,
      part.positions.map((vertex, j) => (j === vertexIndex ? toPosition(lng, lat) : vertex)),
    );
  };

  const handleToggleText = () => {
    if (!showText && geoJson) setText(geoJson.text);
    setTextError(null);
    setShowText((shown) => !shown);
  };

  const handleApplyText = () => {
    if (!geoJson) return;
    let parsed: unknown = null;
    if (text.trim() !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        setTextError(errorText(t, 'INVALID_GEOMETRY'));
        return;
      }
    }
    if (!geoJson.apply(parsed)) {
      setTextError(errorText(t, 'INVALID_GEOMETRY'));
      return;
    }
    setTextError(null);
    setIsFitPending(true);
  };

  const isPath = active !== null && active.kind !== 'Point';
  const vertexCount = active?.positions.length ?? 0;
  const hasPositions = parts.some((part) => part.positions.length > 0);

  return (
    <Input.Wrapper
      label={label}
      description={description}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
      error={error ?? textError}
      required={required}
    >
      <Stack gap="xs" mt={6}>
        <div data-testid="geometry-map">
          <BaseMap
            label={mapLabel}
            height={height}
            mapRef={mapRef}
            onClick={handleClick}
            onLoad={() => fitToParts(parts)}
            cursor={canDraw ? 'crosshair' : undefined}
          >
            <Source id="shape-features" type="geojson" data={toFeatureCollection(parts)}>
              <Layer
                id="shape-fill"
                type="fill"
                filter={['==', ['geometry-type'], 'Polygon']}
                paint={{ 'fill-color': ['get', 'color'], 'fill-opacity': 0.3 }}
              />
              <Layer
                id="shape-line"
                type="line"
                filter={['all', ['==', ['geometry-type'], 'LineString'], ['!', ['get', 'dashed']]]}
                layout={{ 'line-cap': 'round', 'line-join': 'round' }}
                paint={{ 'line-color': ['get', 'color'], 'line-width': 4 }}
              />
              <Layer
                id="shape-line-dashed"
                type="line"
                filter={['all', ['==', ['geometry-type'], 'LineString'], ['get', 'dashed']]}
                layout={{ 'line-join': 'round' }}
                paint={{ 'line-color': ['get', 'color'], 'line-width': 4, 'line-dasharray': [2, 1.5] }}
              />
            </Source>
            {parts.map((part, partIndex) =>
              part.kind === 'Point' && part.positions[0] ? (
                <Marker
                  // biome-ignore lint/suspicious/noArrayIndexKey: a part is its place in the drawing
                  key={`point-${partIndex}`}
                  longitude={part.positions[0][0]}
                  latitude={part.positions[0][1]}
                  color={part.color}
                  draggable={!isReadOnly}
                  onDragStart={() => onActivate?.(partIndex)}
                  onDragEnd={(event) => moveVertex(partIndex, 0, event.lngLat.lng, event.lngLat.lat)}
                />
              ) : null,
            )}
            {parts.flatMap((part, partIndex) =>
              part.kind === 'LineString' && part.showDirection
                ? directionMarks(part.positions).map((mark, markIndex) => (
                    <Marker
                      // biome-ignore lint/suspicious/noArrayIndexKey: an arrow is its segment's place in the line
                      key={`arrow-${partIndex}-${markIndex}`}
                      longitude={mark.position[0]}
                      latitude={mark.position[1]}
                      rotation={mark.bearing}
                      rotationAlignment="map"
                      pitchAlignment="map"
                    >
                      <span data-testid="direction-arrow">
                        <DirectionArrow color={part.color} />
                      </span>
                    </Marker>
                  ))
                : [],
            )}
            {!isReadOnly &&
              active &&
              active.kind !== 'Point' &&
              active.positions.map((vertex, vertexIndex) => (
                <Marker
                  // biome-ignore lint/suspicious/noArrayIndexKey: a vertex is its position in the part
                  key={`vertex-${activeIndex}-${vertexIndex}`}
                  longitude={vertex[0]}
                  latitude={vertex[1]}
                  draggable
                  onDragEnd={(event) =>
                    activeIndex !== null && moveVertex(activeIndex, vertexIndex, event.lngLat.lng, event.lngLat.lat)
                  }
                >
                  <span className="geometry-vertex" style={{ ...VERTEX_STYLE, border: `3px solid ${active.color}` }} />
                </Marker>
              ))}
          </BaseMap>
        </div>
        {children}
        {isPath && (
          <Text size="sm" c="dimmed" data-testid="geometry-vertices">
            {t(active.kind === 'Polygon' ? 'mapDrawing.areaVertexCount' : 'mapDrawing.vertexCount', {
              count: vertexCount,
            })}
          </Text>
        )}
        <Group gap="xs">
          {isPath && !isReadOnly && (
            <>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconArrowBackUp size={14} />}
                onClick={() => activeIndex !== null && setPositions(activeIndex, active.positions.slice(0, -1))}
                disabled={vertexCount === 0}
              >
                {t('mapDrawing.undoPoint')}
              </Button>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconTrash size={14} />}
                onClick={() => activeIndex !== null && setPositions(activeIndex, [])}
                disabled={vertexCount === 0}
              >
                {t(active.kind === 'Polygon' ? 'mapDrawing.clearArea' : 'mapDrawing.clearLine')}
              </Button>
            </>
          )}
          {controls}
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFocusCentered size={14} />}
            onClick={() => fitToParts(parts)}
            disabled={!hasPositions}
          >
            {t('mapDrawing.fitMap')}
          </Button>
          {geoJson && !isReadOnly && (
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconCode size={14} />}
              onClick={handleToggleText}
              aria-expanded={showText}
            >
              {t('mapDrawing.editGeoJson')}
            </Button>
          )}
        </Group>
        {showText && geoJson && !isReadOnly && (
          <Stack gap={4}>
            <Textarea
              label={t('mapDrawing.geoJson')}
              autosize
              minRows={4}
              maxRows={12}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
            />
            <Group>
              <Button size="xs" variant="light" onClick={handleApplyText}>
                {t('mapDrawing.applyGeoJson')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
