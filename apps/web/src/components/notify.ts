import { cleanNotifications, notifications } from '@mantine/notifications';
import i18next from 'i18next';
import { errorsAnsweredBy } from './answered-errors';

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
  /**
   * The action or form the message is about (`save:roles`…): a success hides
   * the errors about the same one, and only those.
   */
  about?: string;
}

const COLOURS = { success: 'teal', error: 'red', info: 'blue', warning: 'yellow' } as const;

/** The errors on show, with what each is about: a success hides the ones it answers, and leaves the others. */
const shownErrors = new Map<string, string | undefined>();

export function notify({
  id,
  title,
  message,
  kind = 'info',
  duration = NOTIFICATION_DURATION,
  className,
  about,
}: TNotification) {
  // Spec 001 §2: a success replaces the error it answers — that error left beside it would read as if the
  // success had failed too — but an error about something else still needs the user's attention.
  if (kind === 'success') hideErrorsAbout(about);
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
  if (kind === 'error') shownErrors.set(shownId, about);
  return shownId;
}

/**
 * Hides the errors on show about an action or form (`about`, as given to notify): what a success does, and
 * what closing a form does — an error about fields no longer on screen only puzzles whoever reads it.
 */
export function hideErrorsAbout(about: string | undefined) {
  for (const errorId of errorsAnsweredBy(shownErrors, about)) notifications.hide(errorId);
}

export function closeAllNotifications() {
  shownErrors.clear();
  cleanNotifications();
}
