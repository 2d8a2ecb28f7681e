import type {
  TMobilityGroup,
  TMobilityGroupInput,
  TMobilityGroupNode,
  TMobilityGroupSearchQuery,
  TPagedList,
} from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export type TMobilityGroupSearch = Partial<Record<keyof TMobilityGroupSearchQuery, unknown>>;

export const searchMobilityGroups = (query: TMobilityGroupSearch, signal?: AbortSignal) =>
  api.get<TPagedList<TMobilityGroup>>('mobility-system-groups/search', query, signal);

export function useMobilityGroupSearch(query: TMobilityGroupSearch) {
  return useQuery({
    queryKey: ['mobility-groups', 'search', query],
    queryFn: ({ signal }) => searchMobilityGroups(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMobilityGroup(id: number | null) {
  return useQuery({
    queryKey: ['mobility-groups', id],
    queryFn: () => api.get<TMobilityGroup>(`mobility-system-groups/${id}`),
    enabled: id !== null,
  });
}

/** Every group nested under its parent (the same tree the public map filters by). */
export function useMobilityGroupTree() {
  return useQuery({
    queryKey: ['mobility-groups', 'tree'],
    queryFn: () => api.get<TMobilityGroupNode[]>('mobility-system-groups/tree'),
  });
}

export const saveMobilityGroup = (id: number | null, input: TMobilityGroupInput) =>
  id === null
    ? api.post<TMobilityGroup>('mobility-system-groups', input)
    : api.put<TMobilityGroup>(`mobility-system-groups/${id}`, input);

export const deleteMobilityGroup = (id: number) => api.delete<{ success: true }>(`mobility-system-groups/${id}`);
