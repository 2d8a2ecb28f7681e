import { describe, expect, it } from 'vitest';
import { calendarDayOf, dateValueOfDay, dayOfDateValue, formatDateValue, toDateValue, todayIn } from './date-value';

const LISBON = 'Europe/Lisbon';

describe('date values', () => {
  it('start the day at midnight where the user is', () => {
    expect(toDateValue({ year: 2025, month: 2, day: 1 }, { timeZone: LISBON })).toBe('2025-02-01T00:00:00.000Z');
    expect(toDateValue({ year: 2025, month: 7, day: 1 }, { timeZone: LISBON })).toBe('2025-06-30T23:00:00.000Z');
    expect(toDateValue({ year: 2025, month: 1, day: 10 }, { timeZone: 'Atlantic/Azores' })).toBe(
      '2025-01-10T01:00:00.000Z',
    );
  });

  it('end the day 24 h − 1 ms later with endOfDay, even on the days the clocks change', () => {
    expect(toDateValue({ year: 2025, month: 2, day: 1 }, { timeZone: LISBON, endOfDay: true })).toBe(
      '2025-02-01T23:59:59.999Z',
    );
    // 30-03-2025 has 23 hours in Lisbon, 26-10-2025 has 25.
    expect(toDateValue({ year: 2025, month: 3, day: 30 }, { timeZone: LISBON, endOfDay: true })).toBe(
      '2025-03-30T22:59:59.999Z',
    );
    expect(toDateValue({ year: 2025, month: 10, day: 26 }, { timeZone: LISBON, endOfDay: true })).toBe(
      '2025-10-26T23:59:59.999Z',
    );
  });

  it('read back the day of a value in the user’s zone, start or end of day alike', () => {
    expect(calendarDayOf('2025-06-30T23:00:00.000Z', LISBON)).toEqual({ year: 2025, month: 7, day: 1 });
    expect(calendarDayOf('2025-07-01T22:59:59.999Z', LISBON)).toEqual({ year: 2025, month: 7, day: 1 });
    expect(calendarDayOf(new Date('2025-06-30T23:00:00.000Z'), LISBON)).toEqual({ year: 2025, month: 7, day: 1 });
    expect(calendarDayOf('2025-07-01', LISBON)).toEqual({ year: 2025, month: 7, day: 1 });
    expect(calendarDayOf('', LISBON)).toBeNull();
    expect(calendarDayOf(null, LISBON)).toBeNull();
    expect(calendarDayOf('not a date', LISBON)).toBeNull();
  });

  it('convert to and from whole days for filters that take YYYY-MM-DD', () => {
    expect(dayOfDateValue('2025-06-30T23:00:00.000Z', LISBON)).toBe('2025-07-01');
    expect(dateValueOfDay('2025-07-01', { timeZone: LISBON })).toBe('2025-06-30T23:00:00.000Z');
    expect(dateValueOfDay('2025-07-01', { timeZone: LISBON, endOfDay: true })).toBe('2025-07-01T22:59:59.999Z');
    expect(dateValueOfDay(null)).toBeNull();
    expect(formatDateValue('2025-06-30T23:00:00.000Z', LISBON)).toBe('01-07-2025');
    expect(formatDateValue(null, LISBON)).toBe('');
  });

  it('know today where the user is, not where the server or browser is', () => {
    const now = new Date('2025-07-01T23:30:00.000Z');
    expect(todayIn(LISBON, now)).toEqual({ year: 2025, month: 7, day: 2 });
    expect(todayIn('America/New_York', now)).toEqual({ year: 2025, month: 7, day: 1 });
  });
});
