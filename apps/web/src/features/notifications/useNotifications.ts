import type { TNotification, TPagedList } from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { api } from '../../api/client';

/** How often the bell asks how many are unread: something finished in the background meanwhile. */
const UNREAD_POLL_MS = 30_000;

export function useUnreadNotificationCount(isEnabled: boolean) {
  return useQuery({
    queryKey: ['notifications', 'unread-count'],
    queryFn: ({ signal }) => api.get<{ count: number }>('notifications/unread-count', undefined, signal),
    enabled: isEnabled,
    refetchInterval: UNREAD_POLL_MS,
  });
}

export function useNotificationSearch(query: { unread?: string; currentPage: number; itemsPerPage: number }) {
  return useQuery({
    queryKey: ['notifications', 'search', query],
    queryFn: ({ signal }) => api.get<TPagedList<TNotification>>('notifications/search', query, signal),
    placeholderData: keepPreviousData,
  });
}

export const markNotificationRead = (id: number) => api.put<TNotification>(`notifications/${id}/read`);
export const markAllNotificationsRead = () => api.put<{ count: number }>('notifications/read-all');

/** Where each kind of failure keeps its explanation: a GTFS import's failure codes are the import screen's. */
function failureReason(t: TFunction, notification: TNotification): string {
  const error = notification.params.error;
  if (typeof error !== 'string' || error === '') return '';
  const code = error.split(': ')[0];
  if (notification.type === 'GTFS_IMPORT_FAILED') return t([`gtfs.failures.${code}`, 'gtfs.failures.INTERNAL_ERROR']);
  return t([`reports.jobErrors.${code}`, `errors.${code}`, 'reports.job.failedUnknown']);
}

/** What a notification says, in the user's language now (the catalog's text with its parameters). */
export function notificationText(t: TFunction, notification: TNotification): { title: string; message: string } {
  const params = notification.params;
  return {
    title: t(`notifications.types.${notification.type}.title`, { ...params }),
    message: t(`notifications.types.${notification.type}.message`, {
      ...params,
      reason: failureReason(t, notification),
    }),
  };
}
