import type { TFeDebugListItem, TFeDebugReport, TFeDebugSearchQuery, TPagedList } from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export function useFeDebugSearch(query: Partial<Record<keyof TFeDebugSearchQuery, unknown>>) {
  return useQuery({
    queryKey: ['fe-debug', 'search', query],
    queryFn: ({ signal }) => api.get<TPagedList<TFeDebugListItem>>('fe-debug/search', query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useFeDebugReport(id: number | null) {
  return useQuery({
    queryKey: ['fe-debug', 'report', id],
    queryFn: ({ signal }) => api.get<TFeDebugReport>(`fe-debug/${id}`, undefined, signal),
    enabled: id !== null,
  });
}
