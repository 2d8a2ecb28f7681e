import type { TAppConfiguration, TExtraMapLayer } from '@mip/shared';

/**
 * The map-type selector's choices (spec 001 §2): the base map, each extra
 * layer, and Google's road map and satellite when enabled with a key.
 */
export type TMapTypeValue = 'BASE' | 'ROADMAP' | 'SATELLITE' | `layer-${number}`;
export type TGoogleMapType = 'ROADMAP' | 'SATELLITE';

export type TMapTypeOption =
  | { value: 'BASE' }
  | { value: TGoogleMapType }
  | { value: `layer-${number}`; layer: TExtraMapLayer };

export const layerValue = (layer: Pick<TExtraMapLayer, 'id'>): `layer-${number}` => `layer-${layer.id}`;

/** The maps key, when one is configured. */
export function googleMapKey(config: TAppConfiguration): string | null {
  const key = config.googleMapApiKey;
  return typeof key === 'string' && key.trim() ? key.trim() : null;
}

export function mapTypeOptions(config: TAppConfiguration, layers: readonly TExtraMapLayer[]): TMapTypeOption[] {
  const hasKey = googleMapKey(config) !== null;
  return [
    { value: 'BASE' },
    ...layers.map((layer) => ({ value: layerValue(layer), layer })),
    ...(hasKey && config.enableGoogleRoadMap === true ? [{ value: 'ROADMAP' as const }] : []),
    ...(hasKey && config.enableGoogleSatellite === true ? [{ value: 'SATELLITE' as const }] : []),
  ];
}

/** A choice is kept for the map (application) it was made on, and only while it is still offered. */
export interface TMapTypeChoice {
  mapId: string;
  value: TMapTypeValue;
}

/** Spec 001 §4: the selection resets to base when the map changes. */
export function effectiveMapType(
  choice: TMapTypeChoice,
  mapId: string,
  options: readonly TMapTypeOption[],
): TMapTypeOption {
  const offered = choice.mapId === mapId ? options.find((option) => option.value === choice.value) : undefined;
  return offered ?? { value: 'BASE' };
}

export const GOOGLE_TILES_ORIGIN = 'https://tile.googleapis.com';

/** Spec 001 §9: tiles at scale 2x; the map keeps its 256 px grid and draws them sharp on dense screens. */
export function googleSessionRequest(mapType: TGoogleMapType, language: string, key: string) {
  const [lang = 'pt', region = 'PT'] = language.split('-');
  return {
    url: `${GOOGLE_TILES_ORIGIN}/v1/createSession?key=${encodeURIComponent(key)}`,
    body: {
      mapType: mapType === 'ROADMAP' ? 'roadmap' : 'satellite',
      language: `${lang}-${region}`,
      region,
      scale: 'scaleFactor2x',
      highDpi: true,
      styles: [],
      layerTypes: [],
      overlay: false,
    },
  };
}

/** The 2D tiles of a session: the token from createSession goes with every tile. */
export const googleTilesUrl = (session: string, key: string) =>
  `${GOOGLE_TILES_ORIGIN}/v1/2dtiles/{z}/{x}/{y}?session=${encodeURIComponent(session)}&key=${encodeURIComponent(key)}`;
