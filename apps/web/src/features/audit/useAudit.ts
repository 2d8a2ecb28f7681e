import type { TAuditEntry, TAuditSearchQuery, TPagedList, ZAuditFacets } from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { z } from 'zod';
import { API_BASE, ApiError, api, toQueryString } from '../../api/client';
import { sessionStore } from '../auth/session-store';

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

function fileNameFrom(disposition: string | null): string | null {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * Downloads the log as CSV with the filters in force. A plain link would not
 * send the bearer token, so the file is fetched here and handed to the
 * browser as a Blob.
 */
export async function downloadAuditCsv(query: TAuditSearch): Promise<void> {
  const token = sessionStore.token();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}audit/export.csv${toQueryString(query)}`, {
      headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(-1, { message: 'Network failure' });
  }
  if (!response.ok) {
    const body = await response.json().catch(() => ({}));
    if (response.status === 401 && token) sessionStore.expire();
    throw new ApiError(response.status, body);
  }
  const blob = await response.blob();
  const name =
    fileNameFrom(response.headers.get('content-disposition')) ?? `audit-${dayjs().format('YYYYMMDD-HHmmss')}.csv`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once click() returns; free the memory on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
