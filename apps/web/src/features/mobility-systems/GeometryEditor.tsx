import { NumberInput, SimpleGrid } from '@mantine/core';
import {
  GEOMETRY_TYPES_BY_SYSTEM_TYPE,
  type TGeometry,
  type TMobilitySystemType,
  type TPosition,
  ZGeometry,
} from '@mip/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShapeEditor, type TDrawnPart } from '../../components/map/ShapeEditor';
import { geometryOfParts, partsOfGeometry, type TShapePart } from '../../components/map/shape-parts';

const DEFAULT_COLOUR = '#0a6c74';

/** The parts of a system's geometry; an empty point (or line, for a route) to draw on when there is none. */
function partsOf(geometry: TGeometry | null, isLine: boolean): TShapePart[] {
  const parts = partsOfGeometry(geometry);
  return parts.length > 0 ? parts : [{ kind: isLine ? 'LineString' : 'Point', positions: [] }];
}

const isSameGeometry = (a: TGeometry | null, b: TGeometry | null) => JSON.stringify(a) === JSON.stringify(b);

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
  mapLabel,
}: {
  systemType: TMobilitySystemType;
  value: TGeometry | null;
  onChange: (geometry: TGeometry | null) => void;
  error?: ReactNode;
  color: string | null;
  isReadOnly?: boolean;
  /** The map's accessible name, when it places something other than a system (an event request's location). */
  mapLabel?: string;
}) {
  const { t } = useTranslation();
  const isLine = systemType === 'ROUTE';
  // A line being drawn is kept here until it has two points and becomes a geometry.
  const [draft, setDraft] = useState<TShapePart[]>(() => partsOf(value, isLine));

  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the value only when it is not the draft's own
  useEffect(() => {
    if (!isSameGeometry(geometryOfParts(draft), value) || draft[0]?.kind !== partsOf(value, isLine)[0].kind) {
      setDraft(partsOf(value, isLine));
    }
  }, [value, isLine]);

  const handleChange = (parts: TShapePart[]) => {
    setDraft(parts);
    onChange(geometryOfParts(parts));
  };

  const stroke = color ?? DEFAULT_COLOUR;
  const drawn: TDrawnPart[] = draft.map((part) => ({ ...part, color: stroke }));
  const activeIndex = draft.length - 1;
  const active = draft[activeIndex];
  const point = active?.kind === 'Point' ? (active.positions[0] ?? null) : null;
  const setPoint = (position: TPosition) =>
    handleChange(draft.map((part, i) => (i === activeIndex ? { ...part, positions: [position] } : part)));

  const applyGeoJson = (parsed: unknown) => {
    if (parsed === null) {
      onChange(null);
      return true;
    }
    const result = ZGeometry.safeParse(parsed);
    if (!result.success || !GEOMETRY_TYPES_BY_SYSTEM_TYPE[systemType].includes(result.data.type)) return false;
    onChange(result.data);
    return true;
  };

  return (
    <ShapeEditor
      label={t('mobility.fields.geometry')}
      description={isReadOnly ? undefined : t(isLine ? 'mobility.help.geometryLine' : 'mobility.help.geometryPoint')}
      error={error}
      required={!isReadOnly}
      mapLabel={mapLabel ?? t('mobility.geometryMap')}
      parts={drawn}
      activeIndex={activeIndex}
      onChange={(parts) => handleChange(parts.map(({ kind, positions, holes }) => ({ kind, positions, holes })))}
      isReadOnly={isReadOnly}
      geoJson={{ text: value ? JSON.stringify(value, null, 2) : '', apply: applyGeoJson }}
    >
      {active?.kind === 'Point' && (
        <SimpleGrid cols={2}>
          <NumberInput
            label={t('mobility.fields.latitude')}
            value={point ? point[1] : ''}
            min={-90}
            max={90}
            decimalScale={6}
            readOnly={isReadOnly}
            onChange={(latitude) => typeof latitude === 'number' && setPoint([point?.[0] ?? -8.6109, latitude])}
          />
          <NumberInput
            label={t('mobility.fields.longitude')}
            value={point ? point[0] : ''}
            min={-180}
            max={180}
            decimalScale={6}
            readOnly={isReadOnly}
            onChange={(longitude) => typeof longitude === 'number' && setPoint([longitude, point?.[1] ?? 41.1496])}
          />
        </SimpleGrid>
      )}
    </ShapeEditor>
  );
}
