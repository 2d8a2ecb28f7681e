import { compareCalendarDays } from '@mip/shared';
import type { TFunction } from 'i18next';
import { calendarDayOf, formatDateValue, type TDateValue, type TDateValueInput } from './date-value';

/** A from–to pair of DateInput values; `to` is the last millisecond of its day. Either end may be open. */
export interface TDateRange {
  from: TDateValue | null;
  to: TDateValue | null;
}

/** The earlier (or later) of two bounds by calendar day in the zone; a missing one gives way to the other. */
export function stricterBound(
  a: TDateValueInput,
  b: TDateValueInput,
  keep: 'earlier' | 'later',
  timeZone?: string,
): TDateValueInput {
  const dayA = calendarDayOf(a, timeZone);
  const dayB = calendarDayOf(b, timeZone);
  if (!dayA) return b;
  if (!dayB) return a;
  const order = compareCalendarDays(dayA, dayB);
  return (keep === 'earlier' ? order <= 0 : order >= 0) ? a : b;
}

/** A range as a filter badge reads it: "01-02-2025 a 28-02-2025", "desde …", "até …", one day alone; undefined when open at both ends. */
export function formatDateRangeLabel(
  t: TFunction,
  range: { from?: TDateValueInput; to?: TDateValueInput },
  timeZone?: string,
): string | undefined {
  const from = formatDateValue(range.from, timeZone);
  const to = formatDateValue(range.to, timeZone);
  if (from && to) return from === to ? from : t('dates.range.between', { from, to });
  if (from) return t('dates.range.since', { from });
  if (to) return t('dates.range.until', { to });
  return undefined;
}
