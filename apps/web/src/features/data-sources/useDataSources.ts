import type {
  TDataSource,
  TDataSourceInput,
  TDataSourcePreviewInput,
  TDataSourceSearchQuery,
  TDataSourceSummary,
  TPagedList,
  TQueryResult,
  TWidgetSource,
} from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export type TDataSourceSearch = Partial<Record<keyof TDataSourceSearchQuery, unknown>>;

export function useDataSourceSearch(query: TDataSourceSearch) {
  return useQuery({
    queryKey: ['data-sources', 'search', query],
    queryFn: ({ signal }) => api.get<TPagedList<TDataSourceSummary>>('data-sources/search', query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDataSource(id: number | null) {
  return useQuery({
    queryKey: ['data-sources', id],
    queryFn: () => api.get<TDataSource>(`data-sources/${id}`),
    enabled: id !== null,
  });
}

/** Every source with its columns and parameters: what a widget may draw. */
export function useDataSourceList() {
  return useQuery({
    queryKey: ['data-sources', 'list'],
    queryFn: ({ signal }) => api.get<TWidgetSource[]>('data-sources/list', undefined, signal),
  });
}

export const saveDataSource = (id: number | null, input: TDataSourceInput) =>
  id === null ? api.post<TDataSource>('data-sources', input) : api.put<TDataSource>(`data-sources/${id}`, input);

export const deleteDataSource = (id: number) => api.delete<{ success: true }>(`data-sources/${id}`);

export const previewDataSource = (input: TDataSourcePreviewInput) =>
  api.post<TQueryResult>('data-sources/preview', input);
