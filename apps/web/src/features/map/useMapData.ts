import {
  MAP_POLL_INTERVAL_MS,
  PLACE_SEARCH_MIN_CHARS,
  type TExtraMapLayer,
  type TMapItem,
  type TMobilityGroupNode,
  type TPlaceResult,
  type TPublicSystemResult,
  TRAFFIC_POLL_INTERVAL_MS,
  type TTrafficCollection,
} from '@mip/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { mapCallPath } from '../applications/app-scope';
import { useAppConfiguration } from '../configuration/useAppConfiguration';
import { googleSessionRequest, type TGoogleMapType } from './map-types';
import { prefetchTileJsons } from './useTileJsons';

/** GET /map/: group and incident geometries, polled every 50 s (spec 001 §4). */
export function useMapItems() {
  const path = mapCallPath(useAppConfiguration(), 'map/');
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['map', 'items', path],
    queryFn: async ({ signal }) => {
      const items = await api.get<TMapItem[]>(path, undefined, signal);
      prefetchTileJsons(
        queryClient,
        items.flatMap((item) => (item.type === 'GROUP' && item.tileMetadataUrl ? [item.tileMetadataUrl] : [])),
      );
      return items;
    },
    refetchInterval: MAP_POLL_INTERVAL_MS,
    placeholderData: keepPreviousData,
  });
}

/** The groups of the map's filter: an application's map offers only those it allows. */
export function useMapGroupTree() {
  const path = mapCallPath(useAppConfiguration(), 'mobility-system-groups/tree');
  return useQuery({
    queryKey: ['mobility-groups', 'tree', path],
    queryFn: ({ signal }) => api.get<TMobilityGroupNode[]>(path, undefined, signal),
  });
}

/** GET /waze/traffic/: loaded and polled every 2 minutes only while Traffic is in the filter. */
export function useTraffic(isWanted: boolean) {
  return useQuery({
    queryKey: ['map', 'traffic'],
    queryFn: ({ signal }) => api.get<TTrafficCollection>('waze/traffic/', undefined, signal),
    enabled: isWanted,
    refetchInterval: isWanted ? TRAFFIC_POLL_INTERVAL_MS : false,
  });
}

/** POST /mobility-system/public: the search box, within the groups picked in the filter. */
export function usePublicSystemSearch(text: string, parentId: number[]) {
  const path = mapCallPath(useAppConfiguration(), 'mobility-system/public');
  return useQuery({
    queryKey: ['map', 'search', path, text, parentId],
    queryFn: () =>
      api.post<TPublicSystemResult[]>(path, {
        universalSearch: text,
        parentId,
        onlyLayerSearch: true,
      }),
    enabled: text.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

/** GET /map/places: districts, counties and parishes by name, and streets when a geocoder is configured. */
export function usePlaceSearch(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ['map', 'places', q],
    queryFn: ({ signal }) => api.get<TPlaceResult[]>('map/places', { q }, signal),
    enabled: q.length >= PLACE_SEARCH_MIN_CHARS,
    placeholderData: keepPreviousData,
    // Places and streets do not move: a text searched again is answered from memory.
    staleTime: 10 * 60_000,
  });
}

/** GET /layers/public: the extra layers of the map-type selector; they change rarely. */
export function useExtraLayers() {
  return useQuery({
    queryKey: ['map', 'extra-layers'],
    queryFn: ({ signal }) => api.get<TExtraMapLayer[]>('layers/public', undefined, signal),
    staleTime: 5 * 60_000,
  });
}

/**
 * The maps tile service's session for road map or satellite (spec 001 §7): created once per
 * type and language, then every 2D tile is asked with its token. Sessions last days; a page lives less.
 */
export function useGoogleTileSession(mapType: TGoogleMapType | null, language: string, key: string | null) {
  return useQuery({
    queryKey: ['map', 'google-session', mapType, language, key],
    queryFn: async ({ signal }) => {
      const request = googleSessionRequest(mapType as TGoogleMapType, language, key as string);
      const response = await fetch(request.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request.body),
        signal,
      });
      if (!response.ok) throw new Error(`map tiles session refused (${response.status})`);
      return ((await response.json()) as { session: string }).session;
    },
    enabled: mapType !== null && key !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
