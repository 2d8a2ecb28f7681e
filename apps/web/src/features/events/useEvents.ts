import type {
  TEvent,
  TEventBulkTransfer,
  TEventComment,
  TEventCommentInput,
  TEventInput,
  TEventListItem,
  TEventSearchQuery,
  TEventStatusChange,
  TEventTimelineEntry,
  TEventTransfer,
  TPagedList,
} from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { downloadFile } from '../../api/download';

export type TEventSearch = Partial<Record<keyof TEventSearchQuery, unknown>>;

/** A mobility system an event may affect, as the suggestion answers it. */
export interface TSystemSuggestion {
  id: number;
  name: string;
  parentName: string;
}

/** GET /events/search: the console list, within the caller's entities; paged, sorted and filtered on the server. */
export function useEventSearch(query: TEventSearch) {
  return useQuery({
    queryKey: ['events', 'search', query],
    queryFn: ({ signal }) => api.get<TPagedList<TEventListItem>>('events/search', query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useEvent(id: number | null) {
  return useQuery({
    queryKey: ['events', id],
    queryFn: ({ signal }) => api.get<TEvent>(`events/${id}`, undefined, signal),
    enabled: id !== null,
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 3,
  });
}

export function useEventComments(id: number | null) {
  return useQuery({
    queryKey: ['events', id, 'comments'],
    queryFn: ({ signal }) => api.get<TEventComment[]>(`events/${id}/comments`, undefined, signal),
    enabled: id !== null,
  });
}

export function useEventTimeline(id: number | null) {
  return useQuery({
    queryKey: ['events', id, 'timeline'],
    queryFn: ({ signal }) => api.get<TEventTimelineEntry[]>(`events/${id}/timeline`, undefined, signal),
    enabled: id !== null,
  });
}

export const saveEvent = (id: number | null, input: TEventInput) =>
  id === null ? api.post<TEvent>('events', input) : api.put<TEvent>(`events/${id}`, input);

export const deleteEvent = (id: number) => api.delete<{ success: true }>(`events/${id}`);

export const changeEventStatus = (id: number, input: TEventStatusChange) =>
  api.put<TEvent>(`events/${id}/status`, input);

export const addEventComment = (id: number, input: TEventCommentInput) =>
  api.post<TEventComment>(`events/${id}/comments`, input);

export const transferEvent = (id: number, input: TEventTransfer) => api.post<TEvent>(`events/${id}/transfer`, input);

export const transferEvents = (input: TEventBulkTransfer) =>
  api.post<{ success: true; transferred: number }>('events/transfer', input);

/** POST /events/suggest-systems: the systems the drawing touches. */
export const suggestAffectedSystems = (geojson: unknown) =>
  api.post<TSystemSuggestion[]>('events/suggest-systems', { geojson });

/** GET /events/export: the list as CSV, with the same filters as the screen. */
export const downloadEventsCsv = (query: TEventSearch) =>
  downloadFile('events/export', query, { name: 'ocorrencias', extension: 'csv', accept: 'text/csv' });
