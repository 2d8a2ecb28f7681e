import type { TUsageSummary } from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { TDayRange } from './statistics-range';

export function useUsageSummary(range: TDayRange) {
  return useQuery({
    queryKey: ['statistics', 'summary', range],
    queryFn: ({ signal }) => api.get<TUsageSummary>('statistics/summary', { ...range }, signal),
    placeholderData: keepPreviousData,
  });
}
