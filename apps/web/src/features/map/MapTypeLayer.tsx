import { toRasterSource } from '@mip/shared';
import { Layer, Source } from 'react-map-gl/maplibre';
import { SLOT } from './map-layers';
import { googleTilesUrl, type TMapTypeOption } from './map-types';
import { useGoogleTileSession } from './useMapData';

const SOURCE_ID = 'map-type';

/**
 * The chosen map type's tiles, in the lowest slot: over the base map, under
 * every system, traffic and incident layer. Keyed by choice, so switching
 * removes the previous layer before the next is added.
 */
export function MapTypeLayer({
  option,
  language,
  googleKey,
}: {
  option: TMapTypeOption;
  language: string;
  googleKey: string | null;
}) {
  const googleType = option.value === 'ROADMAP' || option.value === 'SATELLITE' ? option.value : null;
  const session = useGoogleTileSession(googleType, language, googleKey);
  if ('layer' in option) {
    const { layer } = option;
    return (
      <Source key={option.value} id={SOURCE_ID} {...toRasterSource(layer)}>
        {layer.backgroundColor && (
          <Layer
            id={`${SOURCE_ID}-background`}
            type="background"
            beforeId={SLOT.base}
            paint={{ 'background-color': layer.backgroundColor }}
          />
        )}
        <Layer id={SOURCE_ID} type="raster" beforeId={SLOT.base} />
      </Source>
    );
  }
  if (!googleType || !session.data || !googleKey) return null;
  return (
    <Source
      key={`${option.value}-${language}`}
      id={SOURCE_ID}
      type="raster"
      tiles={[googleTilesUrl(session.data, googleKey)]}
      tileSize={256}
      maxzoom={19}
      attribution="Google"
    >
      <Layer id={SOURCE_ID} type="raster" beforeId={SLOT.base} />
    </Source>
  );
}
