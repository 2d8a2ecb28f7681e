import type {
  TCounty,
  TDistrict,
  TEntity,
  TEntityInput,
  TEntitySearchItem,
  TEntitySearchQuery,
  TPagedList,
  TParish,
} from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export type TEntitySearch = Partial<Record<keyof TEntitySearchQuery, unknown>>;

export function useEntitySearch(query: TEntitySearch, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['entities', 'search', query],
    queryFn: ({ signal }) => api.get<TPagedList<TEntitySearchItem>>('entities/search', query, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useEntity(id: number | null) {
  return useQuery({
    queryKey: ['entities', id],
    queryFn: () => api.get<TEntity>(`entities/${id}`),
    enabled: id !== null,
  });
}

/** The signed-in user's own entity (READ_OWN_ENTITY). */
export function useMyEntity() {
  return useQuery({ queryKey: ['entities', 'mine'], queryFn: () => api.get<TEntity>('entities/mine') });
}

export const saveEntity = (id: number | null, input: TEntityInput) =>
  id === null ? api.post<TEntity>('entities', input) : api.put<TEntity>(`entities/${id}`, input);

export const deleteEntity = (id: number) => api.delete<{ success: true }>(`entities/${id}`);

/** Portugal's districts, and the counties and parishes under the chosen one (DICOFRE codes). */
export function useDistricts() {
  return useQuery({
    queryKey: ['address', 'districts'],
    queryFn: () => api.get<TDistrict[]>('address/search-district'),
  });
}

export function useCounties(districtId: string | null) {
  return useQuery({
    queryKey: ['address', 'counties', districtId],
    queryFn: () => api.get<TCounty[]>('address/search-county', { districtId }),
    enabled: Boolean(districtId),
  });
}

export function useParishes(countyId: string | null) {
  return useQuery({
    queryKey: ['address', 'parishes', countyId],
    queryFn: () => api.get<TParish[]>('address/search-parish', { countyId }),
    enabled: Boolean(countyId),
  });
}
