import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import type { StyleSpecification } from 'maplibre-gl';
import type { TLayerCheck } from './map-layers';

/**
 * The MapLibre style-spec validator on one layer, in a style of its own with the layer's source. The style
 * names glyphs so that a label is judged on its own merits; the map says so itself should its style have none.
 * Loaded apart (useLayerCheck): only maps with custom group layers need it.
 */
export const checkLayer: TLayerCheck = (layer, source) => {
  const style = {
    version: 8,
    glyphs: 'https://glyphs.invalid/{fontstack}/{range}.pbf',
    sources: { [(layer as { source: string }).source]: source },
    layers: [layer],
  } as StyleSpecification;
  return validateStyleMin(style)
    .filter((error) => error.severity !== 'warning')
    .map((error) => error.message);
};
