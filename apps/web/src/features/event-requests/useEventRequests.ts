import type {
  TEventRequest,
  TEventRequestAccept,
  TEventRequestListItem,
  TEventRequestReject,
  TEventRequestSearchQuery,
  TPagedList,
} from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export type TEventRequestSearch = Partial<Record<keyof TEventRequestSearchQuery, unknown>>;

/** GET /event-requests/search (MANAGE_EVENTS): paged, sorted and filtered on the server. */
export function useEventRequestSearch(query: TEventRequestSearch) {
  return useQuery({
    queryKey: ['event-requests', 'search', query],
    queryFn: ({ signal }) => api.get<TPagedList<TEventRequestListItem>>('event-requests/search', query, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /event-requests/{id}: the read-only detail. */
export function useEventRequest(id: number | null) {
  return useQuery({
    queryKey: ['event-requests', id],
    queryFn: ({ signal }) => api.get<TEventRequest>(`event-requests/${id}`, undefined, signal),
    enabled: id !== null,
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 3,
  });
}

/** POST /event-requests/{id}/accept: answers the request, now linked to its new event. */
export const acceptEventRequest = (id: number, input: TEventRequestAccept) =>
  api.post<TEventRequest>(`event-requests/${id}/accept`, input);

/** POST /event-requests/{id}/reject: the reason goes to the reporter. */
export const rejectEventRequest = (id: number, input: TEventRequestReject) =>
  api.post<TEventRequest>(`event-requests/${id}/reject`, input);
