import {
  MAP_POLL_INTERVAL_MS,
  type TMapItem,
  type TPublicSystemResult,
  TRAFFIC_POLL_INTERVAL_MS,
  type TTrafficCollection,
} from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

/** GET /map/: group (and, once they exist, incident) geometries, polled every 50 s (spec 001 §4). */
export function useMapItems() {
  return useQuery({
    queryKey: ['map', 'items'],
    queryFn: ({ signal }) => api.get<TMapItem[]>('map/', undefined, signal),
    refetchInterval: MAP_POLL_INTERVAL_MS,
    placeholderData: keepPreviousData,
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
  return useQuery({
    queryKey: ['map', 'search', text, parentId],
    queryFn: () =>
      api.post<TPublicSystemResult[]>('mobility-system/public', {
        universalSearch: text,
        parentId,
        onlyLayerSearch: true,
      }),
    enabled: text.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}
