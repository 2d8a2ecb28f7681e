import { Button, Group, Input, NumberInput, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import {
  boundingBoxOf,
  GEOMETRY_TYPES_BY_SYSTEM_TYPE,
  type TGeometry,
  type TMobilitySystemType,
  type TPosition,
  ZGeometry,
} from '@mip/shared';
import { IconArrowBackUp, IconCode, IconFocusCentered, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Layer, type MapLayerMouseEvent, type MapRef, Marker, Source } from 'react-map-gl/maplibre';
import { BaseMap } from '../../components/map/BaseMap';
import { errorText } from '../../components/server-errors';

/** Six decimals: about 10 cm, finer than any stop needs. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** The lines of a geometry the editor can extend: a LineString is one line, a MultiLineString several. */
function linesOf(geometry: TGeometry | null): TPosition[][] {
  if (geometry?.type === 'LineString') return [geometry.coordinates];
  if (geometry?.type === 'MultiLineString') return geometry.coordinates;
  return [];
}

function toLineGeometry(lines: TPosition[][]): TGeometry | null {
  const kept = lines.filter((line) => line.length > 0);
  if (kept.length === 0) return null;
  if (kept.length === 1) return kept[0].length >= 2 ? { type: 'LineString', coordinates: kept[0] } : null;
  return { type: 'MultiLineString', coordinates: kept };
}

/**
 * Where a system is: a point for stops and other assets (click the map, drag
 * the marker, or type the coordinates), a line for routes (each click adds a
 * point; points can be dragged, the last one undone). The GeoJSON can also be
 * edited as text, which keeps the whole editor usable from the keyboard.
 */
export function GeometryEditor({
  systemType,
  value,
  onChange,
  error,
  color,
  isReadOnly,
}: {
  systemType: TMobilitySystemType;
  value: TGeometry | null;
  onChange: (geometry: TGeometry | null) => void;
  error?: ReactNode;
  color: string | null;
  isReadOnly?: boolean;
}) {
  const { t } = useTranslation();
  const mapRef = useRef<MapRef>(null);
  const isLine = systemType === 'ROUTE';
  // A route being drawn is kept here until it has two points and becomes a geometry.
  const [draft, setDraft] = useState<TPosition[][]>(() => linesOf(value));
  const [showText, setShowText] = useState(false);
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const stroke = color ?? '#0a6c74';

  useEffect(() => {
    if (isLine) setDraft(linesOf(value));
  }, [value, isLine]);
  useEffect(() => {
    if (!showText) setText(value ? JSON.stringify(value, null, 2) : '');
  }, [value, showText]);

  const fitToGeometry = (geometry: TGeometry | null) => {
    if (!geometry || !mapRef.current) return;
    const box = boundingBoxOf(geometry);
    mapRef.current.fitBounds(
      [
        [box.minLongitude, box.minLatitude],
        [box.maxLongitude, box.maxLatitude],
      ],
      { padding: 50, maxZoom: 16, duration: 0 },
    );
  };

  const setLines = (lines: TPosition[][]) => {
    setDraft(lines);
    onChange(toLineGeometry(lines));
  };

  const handleClick = (event: MapLayerMouseEvent) => {
    if (isReadOnly) return;
    const position: TPosition = [round(event.lngLat.lng), round(event.lngLat.lat)];
    if (!isLine) {
      onChange({ type: 'Point', coordinates: position });
      return;
    }
    const lines = draft.length > 0 ? draft.map((line) => [...line]) : [[]];
    lines[lines.length - 1].push(position);
    setLines(lines);
  };

  const moveVertex = (lineIndex: number, vertexIndex: number, position: TPosition) =>
    setLines(
      draft.map((line, i) =>
        i === lineIndex ? line.map((vertex, j) => (j === vertexIndex ? position : vertex)) : line,
      ),
    );

  const undoLastVertex = () => {
    const lines = draft.map((line) => [...line]);
    lines[lines.length - 1]?.pop();
    setLines(lines.filter((line, i) => line.length > 0 || i === 0));
  };

  const applyText = () => {
    if (text.trim() === '') {
      setTextError(null);
      onChange(null);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      setTextError(errorText(t, 'INVALID_GEOMETRY'));
      return;
    }
    const result = ZGeometry.safeParse(parsed);
    if (!result.success || !GEOMETRY_TYPES_BY_SYSTEM_TYPE[systemType].includes(result.data.type)) {
      setTextError(errorText(t, 'INVALID_GEOMETRY'));
      return;
    }
    setTextError(null);
    onChange(result.data);
    fitToGeometry(result.data);
  };

  const point = value?.type === 'Point' ? value.coordinates : null;
  const drawnLines = isLine ? draft : linesOf(value);
  const lineData = {
    type: 'FeatureCollection' as const,
    features: drawnLines
      .filter((line) => line.length >= 2)
      .map((line) => ({
        type: 'Feature' as const,
        properties: {},
        geometry: { type: 'LineString' as const, coordinates: line },
      })),
  };
  const areaData =
    value && (value.type === 'Polygon' || value.type === 'MultiPolygon')
      ? { type: 'Feature' as const, properties: {}, geometry: value }
      : null;
  const vertexCount = draft.reduce((sum, line) => sum + line.length, 0);

  return (
    <Input.Wrapper
      label={t('mobility.fields.geometry')}
      description={isReadOnly ? undefined : t(isLine ? 'mobility.help.geometryLine' : 'mobility.help.geometryPoint')}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
      error={error ?? textError}
      required={!isReadOnly}
    >
      <Stack gap="xs" mt={6}>
        <div data-testid="geometry-map">
          <BaseMap
            label={t('mobility.geometryMap')}
            mapRef={mapRef}
            onClick={handleClick}
            onLoad={() => fitToGeometry(value)}
            cursor={isReadOnly ? undefined : 'crosshair'}
          >
            <Source id="system-lines" type="geojson" data={lineData}>
              <Layer id="system-lines" type="line" paint={{ 'line-color': stroke, 'line-width': 4 }} />
            </Source>
            {areaData && (
              <Source id="system-area" type="geojson" data={areaData}>
                <Layer id="system-area" type="fill" paint={{ 'fill-color': stroke, 'fill-opacity': 0.3 }} />
              </Source>
            )}
            {point && (
              <Marker
                longitude={point[0]}
                latitude={point[1]}
                color={stroke}
                draggable={!isReadOnly}
                onDragEnd={(event) =>
                  onChange({ type: 'Point', coordinates: [round(event.lngLat.lng), round(event.lngLat.lat)] })
                }
              />
            )}
            {isLine &&
              !isReadOnly &&
              draft.flatMap((line, lineIndex) =>
                line.map((vertex, vertexIndex) => (
                  <Marker
                    // biome-ignore lint/suspicious/noArrayIndexKey: a vertex is its position in the line
                    key={`${lineIndex}-${vertexIndex}`}
                    longitude={vertex[0]}
                    latitude={vertex[1]}
                    draggable
                    onDragEnd={(event) =>
                      moveVertex(lineIndex, vertexIndex, [round(event.lngLat.lng), round(event.lngLat.lat)])
                    }
                  >
                    <span
                      className="geometry-vertex"
                      style={{
                        display: 'block',
                        width: 12,
                        height: 12,
                        borderRadius: 6,
                        background: '#fff',
                        border: `3px solid ${stroke}`,
                      }}
                    />
                  </Marker>
                )),
              )}
          </BaseMap>
        </div>
        {!isLine && (
          <SimpleGrid cols={2}>
            <NumberInput
              label={t('mobility.fields.latitude')}
              value={point ? point[1] : ''}
              min={-90}
              max={90}
              decimalScale={6}
              readOnly={isReadOnly}
              onChange={(latitude) =>
                typeof latitude === 'number' &&
                onChange({ type: 'Point', coordinates: [point?.[0] ?? -8.6109, latitude] })
              }
            />
            <NumberInput
              label={t('mobility.fields.longitude')}
              value={point ? point[0] : ''}
              min={-180}
              max={180}
              decimalScale={6}
              readOnly={isReadOnly}
              onChange={(longitude) =>
                typeof longitude === 'number' &&
                onChange({ type: 'Point', coordinates: [longitude, point?.[1] ?? 41.1496] })
              }
            />
          </SimpleGrid>
        )}
        {isLine && (
          <Text size="sm" c="dimmed" data-testid="geometry-vertices">
            {t('mobility.vertexCount', { count: vertexCount })}
          </Text>
        )}
        <Group gap="xs">
          {isLine && !isReadOnly && (
            <>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconArrowBackUp size={14} />}
                onClick={undoLastVertex}
                disabled={vertexCount === 0}
              >
                {t('mobility.undoPoint')}
              </Button>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconTrash size={14} />}
                onClick={() => setLines([])}
                disabled={vertexCount === 0}
              >
                {t('mobility.clearLine')}
              </Button>
            </>
          )}
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFocusCentered size={14} />}
            onClick={() => fitToGeometry(value)}
            disabled={!value}
          >
            {t('mobility.fitMap')}
          </Button>
          {!isReadOnly && (
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconCode size={14} />}
              onClick={() => setShowText((shown) => !shown)}
              aria-expanded={showText}
            >
              {t('mobility.editGeoJson')}
            </Button>
          )}
        </Group>
        {showText && !isReadOnly && (
          <Stack gap={4}>
            <Textarea
              label={t('mobility.fields.geoJson')}
              autosize
              minRows={4}
              maxRows={12}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
            />
            <Group>
              <Button size="xs" variant="light" onClick={applyText}>
                {t('mobility.applyGeoJson')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
