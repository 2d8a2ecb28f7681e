import type { TPagedList, TSpriteIcon, TSpriteIconInput, TSpriteSearchQuery, TSpriteSheetInfo } from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export type TSpriteSearch = Partial<Record<keyof TSpriteSearchQuery, unknown>>;

export function useSpriteSearch(query: TSpriteSearch) {
  return useQuery({
    queryKey: ['sprites', 'search', query],
    queryFn: ({ signal }) => api.get<TPagedList<TSpriteIcon>>('sprites/search', query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSprite(id: number | null) {
  return useQuery({
    queryKey: ['sprites', id],
    queryFn: () => api.get<TSpriteIcon>(`sprites/${id}`),
    enabled: id !== null,
  });
}

export function useSpriteSheet() {
  return useQuery({ queryKey: ['sprites', 'sheet'], queryFn: () => api.get<TSpriteSheetInfo>('sprites/sheet') });
}

export const saveSprite = (id: number | null, input: TSpriteIconInput) =>
  id === null ? api.post<TSpriteIcon>('sprites', input) : api.put<TSpriteIcon>(`sprites/${id}`, input);

export const deleteSprite = (id: number) => api.delete<{ success: true }>(`sprites/${id}`);
