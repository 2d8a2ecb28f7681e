import dayjs from 'dayjs';
// Loads dayjs's utc and timezone plugins.
import '../../lib/dates';

/** A day as the date picker gives it: YYYY-MM-DD. */
export type TDay = string;

/**
 * The user picks whole days, both ends included, in their own time zone; the
 * API takes instants with an exclusive end. So `from` is the first day's
 * midnight and `to` the midnight after the last day, both where the user is.
 */
export function toAuditPeriod(
  fromDay: TDay | null,
  toDay: TDay | null,
  timeZone: string | undefined,
): { from?: string; to?: string } {
  const midnight = (day: TDay) => (timeZone ? dayjs.tz(day, timeZone) : dayjs(day)).toISOString();
  // The next day is counted on the calendar before the zone is applied: adding a day to a
  // zoned time keeps its offset, which is an hour off across a daylight-saving change.
  const nextDay = (day: TDay) => dayjs(day).add(1, 'day').format('YYYY-MM-DD');
  return {
    from: fromDay ? midnight(fromDay) : undefined,
    to: toDay ? midnight(nextDay(toDay)) : undefined,
  };
}
