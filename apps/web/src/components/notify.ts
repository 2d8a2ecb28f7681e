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

/** The errors on show: the next success replaces them, so no stale error sits beside the outcome that answered it. */
const shownErrors = new Set<string>();

export function notify({
  id,
  title,
  message,
  kind = 'info',
  duration = NOTIFICATION_DURATION,
  className,
}: TNotification) {
  // Spec 001 §2: the message area tells the outcome of what the user did last; an error left beside a
  // later success would read as if that success had failed too.
  if (kind === 'success') for (const errorId of shownErrors) notifications.hide(errorId);
  const shownId = notifications.show({
    id,
    title,
    message: message ?? '',
    color: COLOURS[kind],
    className,
    autoClose: duration === 0 ? false : duration,
    withBorder: true,
    closeButtonProps: { 'aria-label': i18next.t('notifications.close') },
    onClose: () => shownErrors.delete(shownId),
  });
  if (kind === 'error') shownErrors.add(shownId);
  return shownId;
}

export function closeAllNotifications() {
  shownErrors.clear();
  cleanNotifications();
}
