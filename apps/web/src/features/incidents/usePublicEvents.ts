import type {
  TEventCategoryListItem,
  TPagedList,
  TPublicEvent,
  TPublicEventListItem,
  TPublicEventSearchQuery,
} from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export const publicEventKey = (id: number | null) => ['events', 'public', id] as const;

/** GET /events/public/{id}: the incident card (public, live incidents only; 404 otherwise). */
export function usePublicEvent(id: number | null) {
  return useQuery({
    queryKey: publicEventKey(id),
    queryFn: ({ signal }) => api.get<TPublicEvent>(`events/public/${id}`, undefined, signal),
    enabled: id !== null,
    retry: (count, error) => count < 2 && !(error instanceof Error && 'status' in error && error.status === 404),
  });
}

/** GET /events/public: the /incidents list, paged by the server. */
export function usePublicEventSearch(query: TPublicEventSearchQuery) {
  return useQuery({
    queryKey: ['events', 'public', 'search', query],
    queryFn: ({ signal }) =>
      api.get<TPagedList<TPublicEventListItem>>('events/public', query as Record<string, unknown>, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /event-categories/list (spec 001 §7): id, name, icon; visitors get the public ones. */
export function useEventCategoryList() {
  return useQuery({
    queryKey: ['event-categories', 'list'],
    queryFn: ({ signal }) => api.get<TEventCategoryListItem[]>('event-categories/list', undefined, signal),
    staleTime: 5 * 60_000,
  });
}
