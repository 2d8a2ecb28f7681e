import type {
  TEventCategory,
  TEventCategoryInput,
  TEventCategoryListItem,
  TEventCategorySearchQuery,
  TPagedList,
} from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export type TEventCategorySearch = Partial<Record<keyof TEventCategorySearchQuery, unknown>>;

/** GET /event-categories/search (MANAGE_EVENT_CATEGORIES): paged, sorted and filtered on the server. */
export function useEventCategorySearch(query: TEventCategorySearch) {
  return useQuery({
    queryKey: ['event-categories', 'search', query],
    queryFn: ({ signal }) => api.get<TPagedList<TEventCategory>>('event-categories/search', query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useEventCategory(id: number | null) {
  return useQuery({
    queryKey: ['event-categories', id],
    queryFn: ({ signal }) => api.get<TEventCategory>(`event-categories/${id}`, undefined, signal),
    enabled: id !== null,
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 3,
  });
}

/** GET /event-categories/list: the active categories (id, name, icon, type), few enough for one dropdown. */
export function useActiveEventCategories() {
  return useQuery({
    queryKey: ['event-categories', 'list'],
    queryFn: ({ signal }) => api.get<TEventCategoryListItem[]>('event-categories/list', undefined, signal),
    staleTime: 60_000,
  });
}

export const saveEventCategory = (id: number | null, input: TEventCategoryInput) =>
  id === null
    ? api.post<TEventCategory>('event-categories', input)
    : api.put<TEventCategory>(`event-categories/${id}`, input);

export const deleteEventCategory = (id: number) => api.delete<{ success: true }>(`event-categories/${id}`);
