import type {
  TApplication,
  TApplicationInput,
  TApplicationListItem,
  TApplicationSearchQuery,
  TPagedList,
} from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useSession } from '../auth/session-store';

export type TApplicationSearch = Partial<Record<keyof TApplicationSearchQuery, unknown>>;

export function useApplicationSearch(query: TApplicationSearch) {
  return useQuery({
    queryKey: ['applications', 'search', query],
    queryFn: ({ signal }) => api.get<TPagedList<TApplicationListItem>>('applications/search', query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useApplication(id: number | null) {
  return useQuery({
    queryKey: ['applications', id],
    queryFn: () => api.get<TApplication>(`applications/${id}/settings`),
    enabled: id !== null,
  });
}

/** GET /applications/ (spec 001 §7): what the portal lists, which depends on who asks. */
export function usePortalApplications() {
  const session = useSession();
  return useQuery({
    queryKey: ['applications', 'portal', session?.id ?? null],
    queryFn: ({ signal }) => api.get<TApplicationListItem[]>('applications/', undefined, signal),
  });
}

export const saveApplication = (id: number | null, input: TApplicationInput) =>
  id === null ? api.post<TApplication>('applications/', input) : api.put<TApplication>(`applications/${id}`, input);

export const deleteApplication = (id: number) => api.delete<{ success: true }>(`applications/${id}`);
