import { formatCalendarDay, parseIsoDay } from '@mip/shared';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Spec 000 §9. */
export const DATE_TIME_FORMAT = 'DD-MM-YYYY HH:mm:ss';
export const LAST_LOGIN_FORMAT = 'DD-MM-YYYY | HH:mm:ss';
export const INCIDENT_DATE_FORMAT = 'DD-MM-YYYY HH:mm';

/** A timestamp as the user reads it: in their own time zone, in the spec's format. */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  timeZone: string | undefined,
  format = DATE_TIME_FORMAT,
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  if (!date.isValid()) return '';
  return (timeZone ? date.tz(timeZone) : date).format(format);
}

/**
 * A day the server sends as YYYY-MM-DD, shown DD-MM-YYYY like every other date
 * of the app (spec 000 §9); text that is not such a day is left as it is.
 */
export function formatIsoDay(isoDay: string): string {
  const day = parseIsoDay(isoDay);
  return day ? formatCalendarDay(day) : isoDay;
}
