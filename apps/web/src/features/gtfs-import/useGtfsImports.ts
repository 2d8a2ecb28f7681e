import {
  GTFS_FINAL_STATUSES,
  type TGtfsImportHistoryItem,
  type TGtfsImportJob,
  type TGtfsImportSearchQuery,
  type TPagedList,
} from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_BASE, ApiError, api } from '../../api/client';
import { sessionStore } from '../auth/session-store';

/** A job that no longer moves: nothing more to poll. */
export const isFinished = (job: TGtfsImportJob) =>
  GTFS_FINAL_STATUSES.includes(job.status) || job.status === 'VALIDATED';

/** One job, polled every second while it is checked or imported: the progress bar follows it. */
export function useImportJob(id: number | null) {
  return useQuery({
    queryKey: ['gtfs-imports', id],
    queryFn: ({ signal }) => api.get<TGtfsImportJob>(`gtfs/imports/${id}`, undefined, signal),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data) ? false : 1000),
  });
}

/** Jobs still waiting or running, so the screen picks one up again after the user comes back. */
export function useUnfinishedImports() {
  return useQuery({
    queryKey: ['gtfs-imports', 'unfinished'],
    queryFn: ({ signal }) => api.get<TGtfsImportJob[]>('gtfs/imports/unfinished', undefined, signal),
  });
}

export function useImportHistory(query: Partial<Record<keyof TGtfsImportSearchQuery, unknown>>, isLive: boolean) {
  return useQuery({
    queryKey: ['gtfs-imports', 'history', query],
    queryFn: ({ signal }) => api.get<TPagedList<TGtfsImportHistoryItem>>('gtfs/imports/search', query, signal),
    placeholderData: keepPreviousData,
    // While a job runs its row changes too.
    refetchInterval: isLive ? 2000 : false,
  });
}

export const confirmImport = (id: number) => api.post<TGtfsImportJob>(`gtfs/imports/${id}/confirm`);
export const cancelImport = (id: number) => api.post<TGtfsImportJob>(`gtfs/imports/${id}/cancel`);

/**
 * Uploads the zip with XMLHttpRequest rather than fetch: only it reports upload
 * progress, and GTFS zips run to hundreds of megabytes. Errors come back as the
 * same ApiError the rest of the app handles.
 */
export function uploadGtfsZip(
  groupId: number,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<TGtfsImportJob> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}gtfs/imports?groupId=${groupId}`);
    const token = sessionStore.token();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(-1, { message: 'Network failure' }));
    request.onload = () => {
      let body: unknown = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // a body that is not JSON: the status says enough
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(body as TGtfsImportJob);
        return;
      }
      if (request.status === 401 && token) sessionStore.expire();
      reject(new ApiError(request.status, body as ConstructorParameters<typeof ApiError>[1]));
    };
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}
