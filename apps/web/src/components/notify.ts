import { cleanNotifications, notifications } from '@mantine/notifications';
import i18next from 'i18next';

/** Spec 000 §9: notifications close after 5 s unless told otherwise; 0 keeps them until closed. */
export const NOTIFICATION_DURATION = 5000;
export const NOTIFICATION_FADE = 600;
export const CLOSE_ALL_FROM = 4;

export interface TNotification {
  id?: string;
  title: string;
  message?: string;
  kind?: 'success' | 'error' | 'info' | 'warning';
  duration?: number;
  className?: string;
}

const COLOURS = { success: 'teal', error: 'red', info: 'blue', warning: 'yellow' } as const;

export function notify({
  id,
  title,
  message,
  kind = 'info',
  duration = NOTIFICATION_DURATION,
  className,
}: TNotification) {
  return notifications.show({
    id,
    title,
    message: message ?? '',
    color: COLOURS[kind],
    className,
    autoClose: duration === 0 ? false : duration,
    withBorder: true,
    closeButtonProps: { 'aria-label': i18next.t('notifications.close') },
  });
}

export function closeAllNotifications() {
  cleanNotifications();
}
