/**
 * The typed date of spec 001 §5: DD-MM-YYYY, dashes added while typing, a
 * real calendar day, optional limits, and an end-of-day reading. Pure: the
 * time zone is applied by the caller (the web's DateInput).
 */

/** Spec 001 §5: how a date is typed and shown. */
export const DATE_INPUT_FORMAT = 'DD-MM-YYYY';
/** Years are typed with four digits; earlier ones are typing mistakes, not dates this product holds. */
export const MIN_INPUT_YEAR = 1000;

/** A day on the calendar, with no time and no zone. `month` runs 1–12. */
export interface TCalendarDay {
  year: number;
  month: number;
  day: number;
}

/** Day, month and year can each be typed up to this many digits. */
const GROUP_LENGTHS = [2, 2, 4] as const;
/** Typed or pasted separators; each becomes a dash. */
const SEPARATORS = new Set(['-', '/', '.', ' ']);
const DIGIT = /^\d$/;
/** A pasted ISO day (2025-03-01). Four leading digits cannot be a day, so the order is unambiguous. */
const ISO_PASTE = /^\s*(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\s*$/;
const TYPED_DATE = /^\s*(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\s*$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad2 = (value: string | number) => String(value).padStart(2, '0');

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isRealDay(year: number, month: number, day: number): boolean {
  return (
    year >= MIN_INPUT_YEAR && year <= 9999 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
  );
}

/**
 * What the field shows for what was typed: digits grouped as DD-MM-YYYY with
 * the dash added when the next group's first digit arrives (so deleting back
 * over it is never undone), slashes, dots and spaces turned into dashes,
 * anything else dropped, and digits past the year ignored. A pasted ISO day
 * (2025-03-01) is turned round to 01-03-2025.
 */
export function formatDateTyping(text: string): string {
  const iso = ISO_PASTE.exec(text);
  if (iso) return `${pad2(iso[3]!)}-${pad2(iso[2]!)}-${iso[1]}`;
  const groups = [''];
  for (const char of text) {
    const index = groups.length - 1;
    const group = groups[index]!;
    if (DIGIT.test(char)) {
      if (group.length < GROUP_LENGTHS[index]!) groups[index] = group + char;
      else if (index < 2) groups.push(char);
    } else if (SEPARATORS.has(char) && group !== '' && index < 2) {
      // A separator ends a group early (1-2-2025); an empty group or the year takes none.
      groups.push('');
    }
  }
  return groups.join('-');
}

/**
 * One change to the field, as the input event gives it: the new text and the
 * caret, against what the field showed before. Returns what it shows now and
 * where the caret goes, so typing in the middle keeps the caret after the same
 * digit, and deleting a dash steps over it instead of having it put back.
 */
export function applyDateTyping(
  previous: string,
  text: string,
  caret: number,
  isForwardDelete = false,
): { text: string; caret: number } {
  const formatted = formatDateTyping(text);
  if (formatted === previous && text.length === previous.length - 1) {
    return { text: previous, caret: isForwardDelete ? caret + 1 : caret };
  }
  let digitsBefore = 0;
  for (const char of text.slice(0, caret)) if (DIGIT.test(char)) digitsBefore += 1;
  let position = 0;
  for (let seen = 0; position < formatted.length && seen < digitsBefore; position += 1) {
    if (DIGIT.test(formatted[position]!)) seen += 1;
  }
  const typedSeparator = caret > 0 && SEPARATORS.has(text[caret - 1]!);
  if (typedSeparator && formatted[position] === '-') position += 1;
  return { text: formatted, caret: position };
}

/**
 * A typed date, DD-MM-YYYY (or with slashes or dots; day and month may have
 * one digit), when it is a real day: month 1–12, a day that month has (29-02
 * only in leap years) and a four-digit year. Anything else is null.
 */
export function parseDateInput(text: string): TCalendarDay | null {
  const match = TYPED_DATE.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDay(year, month, day) ? { year, month, day } : null;
}

/** A day as the field shows it: DD-MM-YYYY. */
export function formatCalendarDay({ year, month, day }: TCalendarDay): string {
  return `${pad2(day)}-${pad2(month)}-${String(year).padStart(4, '0')}`;
}

/** A day as APIs and the calendar widget take it: YYYY-MM-DD. */
export function toIsoDay({ year, month, day }: TCalendarDay): string {
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

export function parseIsoDay(text: string): TCalendarDay | null {
  const match = ISO_DAY.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDay(year, month, day) ? { year, month, day } : null;
}

/** Negative when `a` comes first, 0 on the same day. */
export function compareCalendarDays(a: TCalendarDay, b: TCalendarDay): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

export function addCalendarDays(day: TCalendarDay, days: number): TCalendarDay {
  // Counted on a UTC date: no zone, so no daylight-saving hour in the way.
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export interface TDateLimits {
  /** Today where the user is. */
  today: TCalendarDay;
  /** Refuse days before today. */
  limitPast?: boolean;
  /** Refuse days after today. */
  limitFuture?: boolean;
  /** Earliest day accepted (a "from" for the "to" of a range). */
  minDate?: TCalendarDay | null;
  /** Latest day accepted. */
  maxDate?: TCalendarDay | null;
}

export type TDateLimitReason = 'PAST' | 'FUTURE' | 'BEFORE_MIN' | 'AFTER_MAX';

/** The earliest and latest days the limits accept, with the limit each comes from. */
export function dateBounds(limits: TDateLimits): {
  min: { day: TCalendarDay; reason: 'PAST' | 'BEFORE_MIN' } | null;
  max: { day: TCalendarDay; reason: 'FUTURE' | 'AFTER_MAX' } | null;
} {
  const { today, limitPast, limitFuture, minDate, maxDate } = limits;
  const past = limitPast ? { day: today, reason: 'PAST' as const } : null;
  const before = minDate ? { day: minDate, reason: 'BEFORE_MIN' as const } : null;
  const future = limitFuture ? { day: today, reason: 'FUTURE' as const } : null;
  const after = maxDate ? { day: maxDate, reason: 'AFTER_MAX' as const } : null;
  // The stricter bound wins: the later of the two minimums, the earlier of the two maximums.
  const min = past && before ? (compareCalendarDays(before.day, past.day) > 0 ? before : past) : (past ?? before);
  const max = future && after ? (compareCalendarDays(after.day, future.day) < 0 ? after : future) : (future ?? after);
  return { min, max };
}

/** Why a day is refused by the limits, and the day it had to respect; null when it is accepted. */
export function findDateLimitViolation(
  day: TCalendarDay,
  limits: TDateLimits,
): { reason: TDateLimitReason; bound: TCalendarDay } | null {
  const { min, max } = dateBounds(limits);
  if (min && compareCalendarDays(day, min.day) < 0) return { reason: min.reason, bound: min.day };
  if (max && compareCalendarDays(day, max.day) > 0) return { reason: max.reason, bound: max.day };
  return null;
}

/**
 * The last millisecond of a day, given how the day starts where the user is:
 * 24 h − 1 ms after its start (spec 001 §5), measured to the next day's start
 * so that on the days the clocks change (23 or 25 hours long) it still ends
 * that day and no other.
 */
export function endOfDay(day: TCalendarDay, startOfDay: (day: TCalendarDay) => Date): Date {
  return new Date(startOfDay(addCalendarDays(day, 1)).getTime() - 1);
}
