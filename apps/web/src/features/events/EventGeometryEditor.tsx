import { ActionIcon, Button, Group, Paper, Radio, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { ZEventGeoJson } from '@mip/shared';
import { IconLine, IconMapPin, IconPolygon, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readableText } from '../../app/readable-text';
import { ShapeEditor } from '../../components/map/ShapeEditor';
import { isPartComplete, type TShapeKind } from '../../components/map/shape-parts';
import { drawnEventPart, eventGeoJsonOfParts, partsOfEventGeoJson, type TEventPart } from './event-geometry';

const KIND_ICONS: Record<TShapeKind, ReactNode> = {
  Point: <IconMapPin size={14} />,
  LineString: <IconLine size={14} />,
  Polygon: <IconPolygon size={14} />,
};

/**
 * Where an incident is: any number of points, lines and areas (spec 001 §3
 * geojson). Each part is drawn on its own: add one, click the map; a line may
 * be an alternative path (dashed, in blue) and may show its direction with
 * arrows; a point may stand for a 100 m circle.
 */
export function EventGeometryEditor({
  parts,
  onChange,
  isFuture,
  error,
  isReadOnly,
}: {
  parts: TEventPart[];
  onChange: (parts: TEventPart[]) => void;
  isFuture: boolean;
  error?: ReactNode;
  isReadOnly: boolean;
}) {
  const { t } = useTranslation();
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const active = activeIndex !== null && activeIndex < parts.length ? activeIndex : null;

  const addPart = (kind: TShapeKind) => {
    onChange([...parts, { kind, positions: [], properties: {} }]);
    setActiveIndex(parts.length);
  };

  const removePart = (index: number) => {
    onChange(parts.filter((_part, i) => i !== index));
    setActiveIndex(active === null || active === index ? null : active > index ? active - 1 : active);
  };

  const setProperty = (index: number, key: 'isAlternative' | 'showDirections' | 'isCircle', value: boolean) =>
    onChange(
      parts.map((part, i) => (i === index ? { ...part, properties: { ...part.properties, [key]: value } } : part)),
    );

  const applyGeoJson = (parsed: unknown) => {
    if (parsed === null) {
      onChange([]);
      setActiveIndex(null);
      return true;
    }
    const result = ZEventGeoJson.safeParse(parsed);
    if (!result.success) return false;
    onChange(partsOfEventGeoJson(result.data));
    setActiveIndex(null);
    return true;
  };

  const geojson = eventGeoJsonOfParts(parts);
  const partLabel = (part: TEventPart, index: number) =>
    t('events.geometry.partLabel', { number: index + 1, kind: t(`events.geometry.kinds.${part.kind}`) });

  return (
    <ShapeEditor
      label={t('events.fields.geometry')}
      description={isReadOnly ? undefined : t('events.geometry.help')}
      error={error}
      required={!isReadOnly}
      mapLabel={t('events.geometry.map')}
      parts={parts.map((part) => ({ ...drawnEventPart(part, isFuture), properties: part.properties }))}
      activeIndex={isReadOnly ? null : active}
      onChange={(drawn) => onChange(drawn.map((part, i) => ({ ...parts[i], positions: part.positions })))}
      onActivate={setActiveIndex}
      isReadOnly={isReadOnly}
      geoJson={{ text: geojson ? JSON.stringify(geojson, null, 2) : '', apply: applyGeoJson }}
    >
      {!isReadOnly && (
        <Group gap="xs">
          <Text size="sm" fw={500}>
            {t('events.geometry.add')}
          </Text>
          {(['Point', 'LineString', 'Polygon'] as const).map((kind) => (
            <Button key={kind} variant="light" size="xs" leftSection={KIND_ICONS[kind]} onClick={() => addPart(kind)}>
              {t(`events.geometry.addKind.${kind}`)}
            </Button>
          ))}
        </Group>
      )}
      {parts.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(isReadOnly ? 'events.geometry.nothing' : 'events.geometry.empty')}
        </Text>
      ) : (
        <Radio.Group
          value={active === null ? null : String(active)}
          onChange={(value) => setActiveIndex(Number(value))}
          label={t('events.geometry.parts')}
          description={isReadOnly ? undefined : t('events.geometry.partsHelp')}
        >
          <Stack gap={6} mt={6} data-testid="geometry-parts">
            {parts.map((part, index) => (
              <Paper
                // biome-ignore lint/suspicious/noArrayIndexKey: a part is its place in the drawing
                key={index}
                withBorder
                p="xs"
                data-testid="geometry-part"
              >
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={6}>
                    <Group gap="xs" wrap="nowrap">
                      {KIND_ICONS[part.kind]}
                      {isReadOnly ? (
                        <Text size="sm">{partLabel(part, index)}</Text>
                      ) : (
                        <Radio value={String(index)} label={partLabel(part, index)} />
                      )}
                    </Group>
                    <Text size="xs" c={isPartComplete(part) ? 'dimmed' : readableText('orange')}>
                      {isPartComplete(part)
                        ? t('events.geometry.pointCount', { count: part.positions.length })
                        : t(`events.geometry.incomplete.${part.kind}`)}
                    </Text>
                    <Group gap="md">
                      {part.kind === 'LineString' && (
                        <>
                          <Switch
                            size="xs"
                            label={t('events.geometry.isAlternative')}
                            checked={Boolean(part.properties.isAlternative)}
                            disabled={isReadOnly}
                            onChange={(event) => setProperty(index, 'isAlternative', event.currentTarget.checked)}
                          />
                          <Switch
                            size="xs"
                            label={t('events.geometry.showDirections')}
                            checked={Boolean(part.properties.showDirections)}
                            disabled={isReadOnly}
                            onChange={(event) => setProperty(index, 'showDirections', event.currentTarget.checked)}
                          />
                        </>
                      )}
                      {part.kind === 'Point' && (
                        <Switch
                          size="xs"
                          label={t('events.geometry.isCircle')}
                          checked={Boolean(part.properties.isCircle)}
                          disabled={isReadOnly}
                          onChange={(event) => setProperty(index, 'isCircle', event.currentTarget.checked)}
                        />
                      )}
                    </Group>
                  </Stack>
                  {!isReadOnly && (
                    <Tooltip label={t('events.geometry.remove')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('events.geometry.removeNamed', { part: partLabel(part, index) })}
                        onClick={() => removePart(index)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Paper>
            ))}
          </Stack>
        </Radio.Group>
      )}
    </ShapeEditor>
  );
}
