import type {
  TMobilitySystem,
  TMobilitySystemInput,
  TMobilitySystemListItem,
  TMobilitySystemSearchQuery,
  TPagedList,
} from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { TOption } from '../../components/select/RemoteSelect';
import { DROPDOWN_PAGE_SIZE } from '../../components/select/RemoteSelect';

export type TMobilitySystemSearch = Partial<Record<keyof TMobilitySystemSearchQuery, unknown>>;

export const searchMobilitySystems = (query: TMobilitySystemSearch, signal?: AbortSignal) =>
  api.get<TPagedList<TMobilitySystemListItem>>('mobility-systems/search', query, signal);

export function useMobilitySystemSearch(query: TMobilitySystemSearch) {
  return useQuery({
    queryKey: ['mobility-systems', 'search', query],
    queryFn: ({ signal }) => searchMobilitySystems(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMobilitySystem(id: number | null) {
  return useQuery({
    queryKey: ['mobility-systems', id],
    queryFn: () => api.get<TMobilitySystem>(`mobility-systems/${id}`),
    enabled: id !== null,
  });
}

/**
 * Systems as dropdown options, leaving out the one being edited: those the user may edit (a new
 * parent or relation must be one), while a system already chosen is named whoever owns it.
 */
export async function searchSystemOptions(text: string, ids?: number[], excludeId?: number | null): Promise<TOption[]> {
  const page = await searchMobilitySystems({
    universalSearch: text,
    ids,
    allEntities: ids !== undefined,
    excludeId: excludeId ?? undefined,
    itemsPerPage: DROPDOWN_PAGE_SIZE,
    sortProperty: 'name',
    sortDirection: 'ASC',
  });
  return page.content.map((system) => ({ id: system.id, name: system.name }));
}

export const saveMobilitySystem = (id: number | null, input: TMobilitySystemInput) =>
  id === null
    ? api.post<TMobilitySystem>('mobility-systems', input)
    : api.put<TMobilitySystem>(`mobility-systems/${id}`, input);

export const deleteMobilitySystem = (id: number) => api.delete<{ success: true }>(`mobility-systems/${id}`);
