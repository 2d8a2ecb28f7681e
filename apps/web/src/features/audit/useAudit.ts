import type { TAuditEntry, TAuditSearchQuery, TPagedList, ZAuditFacets } from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { downloadFile } from '../../api/download';

export type TAuditSearch = Partial<Record<keyof TAuditSearchQuery, unknown>>;
export type TAuditFacets = z.infer<typeof ZAuditFacets>;

export function useAuditSearch(query: TAuditSearch) {
  return useQuery({
    queryKey: ['audit', 'search', query],
    queryFn: ({ signal }) => api.get<TPagedList<TAuditEntry>>('audit/search', query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The record types and actions that occur in the log, for the filters. */
export function useAuditFacets() {
  return useQuery({ queryKey: ['audit', 'facets'], queryFn: () => api.get<TAuditFacets>('audit/facets') });
}

/** Downloads the log as CSV with the filters in force. */
export const downloadAuditCsv = (query: TAuditSearch): Promise<void> =>
  downloadFile('audit/export.csv', query, { name: 'audit', extension: 'csv', accept: 'text/csv' });
