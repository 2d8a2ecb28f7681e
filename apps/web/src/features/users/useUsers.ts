import type { TPagedList, TUser, TUserInput, TUserListItem, TUserSearchQuery } from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export type TUserSearch = Partial<Record<keyof TUserSearchQuery, unknown>>;

export function useUserSearch(query: TUserSearch, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['users', 'search', query],
    queryFn: ({ signal }) => api.get<TPagedList<TUserListItem>>('users/search', query, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useUser(id: number | null) {
  return useQuery({
    queryKey: ['users', id],
    queryFn: () => api.get<TUser>(`users/${id}`),
    enabled: id !== null,
  });
}

export const saveUser = (id: number | null, input: TUserInput) =>
  id === null ? api.post<TUser>('users', input) : api.put<TUser>(`users/${id}`, input);

export const deleteUser = (id: number) => api.delete<{ success: true }>(`users/${id}`);
