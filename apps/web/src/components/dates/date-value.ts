import { endOfDay, formatCalendarDay, parseIsoDay, type TCalendarDay, toIsoDay } from '@mip/shared';
import dayjs from 'dayjs';
// Loads dayjs's utc and timezone plugins.
import '../../lib/dates';

/**
 * What DateInput holds and gives: an ISO 8601 instant (`toISOString()`), the
 * start of the chosen day where the user is, or its last millisecond with
 * `endOfDay`. A string, so form values stay plain data (compared, reset,
 * kept in history state, sent as they are). Also read from a Date or a
 * YYYY-MM-DD day.
 */
export type TDateValue = string;
export type TDateValueInput = TDateValue | Date | null | undefined;

const IS_DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar day an instant falls on in the zone (the browser's when none). */
export function calendarDayOf(value: TDateValueInput, timeZone?: string): TCalendarDay | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && IS_DAY_ONLY.test(value)) return parseIsoDay(value);
  const instant = dayjs(value);
  if (!instant.isValid()) return null;
  const local = timeZone ? instant.tz(timeZone) : instant;
  return { year: local.year(), month: local.month() + 1, day: local.date() };
}

/** Where the zone's clocks stand at midnight starting the day. */
export function startOfDayIn(day: TCalendarDay, timeZone?: string): Date {
  const iso = toIsoDay(day);
  return (timeZone ? dayjs.tz(iso, timeZone) : dayjs(iso)).toDate();
}

/** The value for a day: its start where the user is, or its last millisecond. */
export function toDateValue(day: TCalendarDay, options: { timeZone?: string; endOfDay?: boolean } = {}): TDateValue {
  const start = (value: TCalendarDay) => startOfDayIn(value, options.timeZone);
  return (options.endOfDay ? endOfDay(day, start) : start(day)).toISOString();
}

/** Today on the user's calendar. */
export function todayIn(timeZone?: string, now = new Date()): TCalendarDay {
  return calendarDayOf(now, timeZone)!;
}

/** YYYY-MM-DD of a value, for APIs and filters that take whole days. */
export function dayOfDateValue(value: TDateValueInput, timeZone?: string): string | null {
  const day = calendarDayOf(value, timeZone);
  return day ? toIsoDay(day) : null;
}

/** The value for a YYYY-MM-DD day. */
export function dateValueOfDay(
  isoDay: string | null | undefined,
  options: { timeZone?: string; endOfDay?: boolean } = {},
): TDateValue | null {
  const day = isoDay ? parseIsoDay(isoDay) : null;
  return day ? toDateValue(day, options) : null;
}

/** DD-MM-YYYY of a value, as the field shows it; '' when there is none. */
export function formatDateValue(value: TDateValueInput, timeZone?: string): string {
  const day = calendarDayOf(value, timeZone);
  return day ? formatCalendarDay(day) : '';
}
