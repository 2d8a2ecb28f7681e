import { Center, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { layerUrlProblem, type TMapLayerInput, toRasterSource, ZMapLayerInput } from '@mip/shared';
import { useTranslation } from 'react-i18next';
import { Layer, Source } from 'react-map-gl/maplibre';
import { BaseMap } from '../../components/map/BaseMap';

/**
 * The preview's height, the same whether it shows the map or says why it cannot: the form's buttons sit under
 * it, and a notice shorter than the map moved them down when the map replaced it (on the edit screen, just as
 * the record arrived, under a pointer on its way to Save).
 */
const PREVIEW_HEIGHT = 360;

/**
 * The layer drawn over the base map as the public map would draw it, once
 * its URL suits its kind; typing pauses for a moment before tiles are asked.
 */
export function LayerPreview({ input }: { input: TMapLayerInput }) {
  const { t } = useTranslation();
  const [debounced] = useDebouncedValue(input, 600);
  const parsed = ZMapLayerInput.safeParse({ ...debounced, name: debounced.name || 'preview' });
  const problem = debounced.url ? layerUrlProblem(debounced.type as never, debounced.url.trim()) : 'MISSING_URL';
  if (problem || !parsed.success) {
    return (
      <Center
        h={PREVIEW_HEIGHT}
        bg="var(--mantine-color-gray-light)"
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      >
        <Text size="sm" c="dimmed">
          {t('layers.previewUnavailable')}
        </Text>
      </Center>
    );
  }
  const layer = { ...parsed.data, id: 0 };
  const source = toRasterSource(layer);
  const box = layer.boundingBox;
  return (
    <BaseMap
      label={t('layers.previewLabel', { name: layer.name })}
      height={PREVIEW_HEIGHT}
      {...(box
        ? {
            initialViewState: {
              bounds: [box.minLongitude, box.minLatitude, box.maxLongitude, box.maxLatitude],
              fitBoundsOptions: { padding: 20 },
            },
          }
        : {})}
    >
      {/* The layer's background colour replaces the base map under it, as on the public map. */}
      {layer.backgroundColor && (
        <Layer id="layer-preview-background" type="background" paint={{ 'background-color': layer.backgroundColor }} />
      )}
      <Source key={`${layer.type}:${layer.url}:${layer.tileSize}`} id="layer-preview" {...source}>
        <Layer id="layer-preview" type="raster" />
      </Source>
    </BaseMap>
  );
}
