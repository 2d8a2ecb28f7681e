import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  applyDateTyping,
  compareCalendarDays,
  daysInMonth,
  endOfDay,
  findDateLimitViolation,
  formatCalendarDay,
  formatDateTyping,
  isLeapYear,
  parseDateInput,
  parseIsoDay,
  type TCalendarDay,
  toIsoDay,
} from './date-input.ts';

const day = (year: number, month: number, dayOfMonth: number): TCalendarDay => ({ year, month, day: dayOfMonth });

/** Types each character at the end of the field, as a person does, and returns what the field shows after each. */
function typeInto(start: string, keys: string): string[] {
  let shown = start;
  return [...keys].map((key) => {
    shown = applyDateTyping(shown, shown + key, shown.length + 1).text;
    return shown;
  });
}

/** Presses Backspace `times` times with the caret at the end. */
function backspace(start: string, times: number): string[] {
  let shown = start;
  return Array.from({ length: times }, () => {
    const caret = shown.length;
    const next = applyDateTyping(shown, shown.slice(0, caret - 1), caret - 1);
    shown = next.text;
    return shown;
  });
}

describe('formatDateTyping', () => {
  it('adds the dashes while the digits are typed', () => {
    expect(typeInto('', '01022025')).toEqual([
      '0',
      '01',
      '01-0',
      '01-02',
      '01-02-2',
      '01-02-20',
      '01-02-202',
      '01-02-2025',
    ]);
  });

  it('keeps a dash the user typed and does not double it', () => {
    expect(typeInto('', '01-02-2025')).toEqual([
      '0',
      '01',
      '01-',
      '01-0',
      '01-02',
      '01-02-',
      '01-02-2',
      '01-02-20',
      '01-02-202',
      '01-02-2025',
    ]);
    expect(formatDateTyping('01--02')).toBe('01-02');
  });

  it('turns slashes, dots and spaces into dashes', () => {
    expect(formatDateTyping('01/02/2025')).toBe('01-02-2025');
    expect(formatDateTyping('01.02.2025')).toBe('01-02-2025');
    expect(formatDateTyping('01 02 2025')).toBe('01-02-2025');
    expect(typeInto('', '1/2/2025').at(-1)).toBe('1-2-2025');
  });

  it('ignores letters and digits past the year', () => {
    expect(formatDateTyping('0a1b-02')).toBe('01-02');
    expect(formatDateTyping('01-02-20251')).toBe('01-02-2025');
    expect(formatDateTyping('010220251999')).toBe('01-02-2025');
  });

  it('takes no separator at the start or in the year', () => {
    expect(formatDateTyping('-01')).toBe('01');
    expect(formatDateTyping('01-02-20-25')).toBe('01-02-2025');
  });

  it('turns a pasted ISO day round, so it is never read as a different date', () => {
    expect(formatDateTyping('2025-03-01')).toBe('01-03-2025');
    expect(formatDateTyping(' 2025/3/1 ')).toBe('01-03-2025');
  });
});

describe('applyDateTyping', () => {
  it('deletes back to empty one character at a time', () => {
    expect(backspace('01-02-2025', 10)).toEqual([
      '01-02-202',
      '01-02-20',
      '01-02-2',
      '01-02-',
      '01-02',
      '01-0',
      '01-',
      '01',
      '0',
      '',
    ]);
  });

  it('steps back over a dash in the middle instead of putting it back', () => {
    // 01-|02 and Backspace: the dash is "deleted", the text stays and the caret moves before it.
    expect(applyDateTyping('01-02', '0102', 2)).toEqual({ text: '01-02', caret: 2 });
    // 01|-02 and Delete: the caret moves past the dash.
    expect(applyDateTyping('01-02', '0102', 2, true)).toEqual({ text: '01-02', caret: 3 });
  });

  it('keeps the caret after the same digit when typing in the middle', () => {
    // 0|1-02-2025, deleting the 0 and then typing 3 there.
    expect(applyDateTyping('01-02-2025', '1-02-2025', 0)).toEqual({ text: '1-02-2025', caret: 0 });
    expect(applyDateTyping('1-02-2025', '31-02-2025', 1)).toEqual({ text: '31-02-2025', caret: 1 });
  });

  it('puts the caret after a dash it added', () => {
    expect(applyDateTyping('01', '010', 3)).toEqual({ text: '01-0', caret: 4 });
    expect(applyDateTyping('01-02', '01-02-', 6)).toEqual({ text: '01-02-', caret: 6 });
  });

  it('leaves the caret in place when a refused character is typed', () => {
    expect(applyDateTyping('01', '01x', 3)).toEqual({ text: '01', caret: 2 });
  });
});

describe('parseDateInput', () => {
  it('reads DD-MM-YYYY into year, month and day', () => {
    expect(parseDateInput('01-02-2025')).toEqual(day(2025, 2, 1));
    expect(parseDateInput('31-12-1999')).toEqual(day(1999, 12, 31));
  });

  it('also reads slashes, dots and one-digit days and months', () => {
    expect(parseDateInput('01/02/2025')).toEqual(day(2025, 2, 1));
    expect(parseDateInput('1.2.2025')).toEqual(day(2025, 2, 1));
    expect(parseDateInput(' 1-2-2025 ')).toEqual(day(2025, 2, 1));
  });

  it('refuses a day outside 1–31 or one the month does not have', () => {
    expect(parseDateInput('00-01-2025')).toBeNull();
    expect(parseDateInput('32-01-2025')).toBeNull();
    expect(parseDateInput('31-04-2025')).toBeNull();
    expect(parseDateInput('30-02-2024')).toBeNull();
    expect(parseDateInput('31-02-2025')).toBeNull();
    expect(parseDateInput('30-04-2025')).toEqual(day(2025, 4, 30));
  });

  it('accepts 29-02 only in leap years', () => {
    expect(parseDateInput('29-02-2024')).toEqual(day(2024, 2, 29));
    expect(parseDateInput('29-02-2000')).toEqual(day(2000, 2, 29));
    expect(parseDateInput('29-02-2025')).toBeNull();
    expect(parseDateInput('29-02-1900')).toBeNull();
    expect(parseDateInput('29-02-2100')).toBeNull();
  });

  it('refuses a month outside 1–12', () => {
    expect(parseDateInput('01-00-2025')).toBeNull();
    expect(parseDateInput('01-13-2025')).toBeNull();
  });

  it('needs a four-digit year', () => {
    expect(parseDateInput('01-02-25')).toBeNull();
    expect(parseDateInput('01-02-202')).toBeNull();
    expect(parseDateInput('01-02-20250')).toBeNull();
    expect(parseDateInput('01-02-0999')).toBeNull();
    expect(parseDateInput('01-02-9999')).toEqual(day(9999, 2, 1));
  });

  it('refuses other orders, partial text and anything else', () => {
    expect(parseDateInput('2025-02-01')).toBeNull();
    expect(parseDateInput('01-02')).toBeNull();
    expect(parseDateInput('01022025')).toBeNull();
    expect(parseDateInput('')).toBeNull();
    expect(parseDateInput('aa-bb-cccc')).toBeNull();
  });
});

describe('calendar days', () => {
  it('knows the leap years and the length of each month', () => {
    expect([1900, 2000, 2024, 2025, 2100].map(isLeapYear)).toEqual([false, true, true, false, false]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2025, 2)).toBe(28);
    expect(daysInMonth(2025, 4)).toBe(30);
    expect(daysInMonth(2025, 12)).toBe(31);
  });

  it('writes a day as the field shows it and as APIs take it, and reads it back', () => {
    expect(formatCalendarDay(day(2025, 2, 1))).toBe('01-02-2025');
    expect(toIsoDay(day(2025, 2, 1))).toBe('2025-02-01');
    expect(parseIsoDay('2025-02-01')).toEqual(day(2025, 2, 1));
    expect(parseIsoDay('2025-02-30')).toBeNull();
    expect(parseIsoDay('01-02-2025')).toBeNull();
  });

  it('adds days across months, years and leap days', () => {
    expect(addCalendarDays(day(2024, 2, 28), 1)).toEqual(day(2024, 2, 29));
    expect(addCalendarDays(day(2025, 2, 28), 1)).toEqual(day(2025, 3, 1));
    expect(addCalendarDays(day(2025, 12, 31), 1)).toEqual(day(2026, 1, 1));
    expect(addCalendarDays(day(2025, 1, 1), -1)).toEqual(day(2024, 12, 31));
  });

  it('orders days', () => {
    expect(compareCalendarDays(day(2025, 2, 1), day(2025, 2, 1))).toBe(0);
    expect(compareCalendarDays(day(2025, 1, 31), day(2025, 2, 1))).toBeLessThan(0);
    expect(compareCalendarDays(day(2026, 1, 1), day(2025, 12, 31))).toBeGreaterThan(0);
  });
});

describe('findDateLimitViolation', () => {
  const today = day(2025, 6, 15);

  it('accepts any day when there are no limits', () => {
    expect(findDateLimitViolation(day(1999, 1, 1), { today })).toBeNull();
  });

  it('refuses days before today when past dates are limited, today included as allowed', () => {
    expect(findDateLimitViolation(day(2025, 6, 14), { today, limitPast: true })).toEqual({
      reason: 'PAST',
      bound: today,
    });
    expect(findDateLimitViolation(today, { today, limitPast: true })).toBeNull();
    expect(findDateLimitViolation(day(2030, 1, 1), { today, limitPast: true })).toBeNull();
  });

  it('refuses days after today when future dates are limited', () => {
    expect(findDateLimitViolation(day(2025, 6, 16), { today, limitFuture: true })).toEqual({
      reason: 'FUTURE',
      bound: today,
    });
    expect(findDateLimitViolation(today, { today, limitFuture: true })).toBeNull();
  });

  it('keeps to a from–to range, both ends included', () => {
    const limits = { today, minDate: day(2025, 1, 1), maxDate: day(2025, 1, 31) };
    expect(findDateLimitViolation(day(2024, 12, 31), limits)).toEqual({ reason: 'BEFORE_MIN', bound: day(2025, 1, 1) });
    expect(findDateLimitViolation(day(2025, 2, 1), limits)).toEqual({ reason: 'AFTER_MAX', bound: day(2025, 1, 31) });
    expect(findDateLimitViolation(day(2025, 1, 1), limits)).toBeNull();
    expect(findDateLimitViolation(day(2025, 1, 31), limits)).toBeNull();
  });

  it('names the stricter limit when two apply', () => {
    // A "to" after a past "from", with future dates refused: today is the stricter end.
    expect(findDateLimitViolation(day(2025, 7, 1), { today, limitFuture: true, maxDate: day(2025, 12, 31) })).toEqual({
      reason: 'FUTURE',
      bound: today,
    });
    expect(findDateLimitViolation(day(2025, 6, 20), { today, limitFuture: true, maxDate: day(2025, 3, 1) })).toEqual({
      reason: 'AFTER_MAX',
      bound: day(2025, 3, 1),
    });
    expect(findDateLimitViolation(day(2025, 6, 1), { today, limitPast: true, minDate: day(2025, 1, 1) })).toEqual({
      reason: 'PAST',
      bound: today,
    });
    expect(findDateLimitViolation(day(2025, 7, 1), { today, limitPast: true, minDate: day(2025, 8, 1) })).toEqual({
      reason: 'BEFORE_MIN',
      bound: day(2025, 8, 1),
    });
  });
});

describe('endOfDay', () => {
  const utcMidnight = (value: TCalendarDay) => new Date(Date.UTC(value.year, value.month - 1, value.day));

  it('is 24 h − 1 ms after the start of the day', () => {
    expect(endOfDay(day(2025, 2, 1), utcMidnight).toISOString()).toBe('2025-02-01T23:59:59.999Z');
    expect(endOfDay(day(2024, 2, 29), utcMidnight).toISOString()).toBe('2024-02-29T23:59:59.999Z');
    expect(endOfDay(day(2025, 12, 31), utcMidnight).toISOString()).toBe('2025-12-31T23:59:59.999Z');
  });

  it('still ends the same day when the clocks change that day', () => {
    // Lisbon: 30-03-2025 has 23 hours (WET to WEST), 26-10-2025 has 25 (back).
    const lisbonMidnight = (value: TCalendarDay) => {
      const summer = toIsoDay(value) > '2025-03-30' && toIsoDay(value) <= '2025-10-26';
      return new Date(utcMidnight(value).getTime() - (summer ? 3_600_000 : 0));
    };
    expect(endOfDay(day(2025, 3, 30), lisbonMidnight).toISOString()).toBe('2025-03-30T22:59:59.999Z');
    expect(endOfDay(day(2025, 10, 26), lisbonMidnight).toISOString()).toBe('2025-10-26T23:59:59.999Z');
  });
});
