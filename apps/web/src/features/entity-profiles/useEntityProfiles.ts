import type { TEntityProfile, TEntityProfileInput, TPagedList, ZEntityProfileSearchQuery } from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';

export type TEntityProfileSearch = Partial<Record<keyof z.input<typeof ZEntityProfileSearchQuery>, unknown>>;

export const searchEntityProfiles = (query: TEntityProfileSearch, signal?: AbortSignal) =>
  api.get<TPagedList<TEntityProfile>>('entity-profiles/search', query, signal);

export function useEntityProfileSearch(query: TEntityProfileSearch) {
  return useQuery({
    queryKey: ['entity-profiles', 'search', query],
    queryFn: ({ signal }) => searchEntityProfiles(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useEntityProfile(id: number | null) {
  return useQuery({
    queryKey: ['entity-profiles', id],
    queryFn: () => api.get<TEntityProfile>(`entity-profiles/${id}`),
    enabled: id !== null,
  });
}

export const saveEntityProfile = (id: number | null, input: TEntityProfileInput) =>
  id === null
    ? api.post<TEntityProfile>('entity-profiles', input)
    : api.put<TEntityProfile>(`entity-profiles/${id}`, input);

export const deleteEntityProfile = (id: number) => api.delete<{ success: true }>(`entity-profiles/${id}`);
