import {
  GTFS_FINAL_STATUSES,
  type TGtfsImportHistoryItem,
  type TGtfsImportJob,
  type TGtfsImportSearchQuery,
  type TPagedList,
} from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { uploadWithProgress } from '../../api/upload-with-progress';

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

/** Uploads the zip with its progress reported: GTFS zips run to hundreds of megabytes. */
export function uploadGtfsZip(
  groupId: number,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<TGtfsImportJob> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress<TGtfsImportJob>(`gtfs/imports?groupId=${groupId}`, form, onProgress);
}
