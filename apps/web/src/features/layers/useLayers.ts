import type {
  TExtraMapLayer,
  TMapLayer,
  TMapLayerInput,
  TMapLayerSearchQuery,
  TPagedList,
  TTrafficFeedStatus,
} from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export type TMapLayerSearch = Partial<Record<keyof TMapLayerSearchQuery, unknown>>;

export function useMapLayerSearch(query: TMapLayerSearch) {
  return useQuery({
    queryKey: ['map-layers', 'search', query],
    queryFn: ({ signal }) => api.get<TPagedList<TMapLayer>>('layers/search', query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMapLayer(id: number | null) {
  return useQuery({
    queryKey: ['map-layers', id],
    queryFn: () => api.get<TMapLayer>(`layers/${id}`),
    enabled: id !== null,
  });
}

/** The extra layers the public map offers, with their tile sources (see toRasterSource in @mip/shared). */
export function useExtraMapLayers() {
  return useQuery({
    queryKey: ['map-layers', 'public'],
    queryFn: () => api.get<TExtraMapLayer[]>('layers/public'),
  });
}

export const saveMapLayer = (id: number | null, input: TMapLayerInput) =>
  id === null ? api.post<TMapLayer>('layers', input) : api.put<TMapLayer>(`layers/${id}`, input);

export const deleteMapLayer = (id: number) => api.delete<{ success: true }>(`layers/${id}`);

export function useTrafficFeedStatus() {
  return useQuery({ queryKey: ['traffic-feed', 'status'], queryFn: () => api.get<TTrafficFeedStatus>('waze/status') });
}

export const refreshTrafficFeed = () => api.post<TTrafficFeedStatus>('waze/refresh');
