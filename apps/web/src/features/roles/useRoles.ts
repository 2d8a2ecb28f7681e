import type { TPagedList, TRole, TRoleInput, ZRoleSearchQuery } from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';

export type TRoleSearch = Partial<Record<keyof z.input<typeof ZRoleSearchQuery>, unknown>>;

export const searchRoles = (query: TRoleSearch, signal?: AbortSignal) =>
  api.get<TPagedList<TRole>>('roles/search', query, signal);

export function useRoleSearch(query: TRoleSearch) {
  return useQuery({
    queryKey: ['roles', 'search', query],
    queryFn: ({ signal }) => searchRoles(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRole(id: number | null) {
  return useQuery({
    queryKey: ['roles', id],
    queryFn: () => api.get<TRole>(`roles/${id}`),
    enabled: id !== null,
  });
}

export const saveRole = (id: number | null, input: TRoleInput) =>
  id === null ? api.post<TRole>('roles', input) : api.put<TRole>(`roles/${id}`, input);

export const deleteRole = (id: number) => api.delete<{ success: true }>(`roles/${id}`);
