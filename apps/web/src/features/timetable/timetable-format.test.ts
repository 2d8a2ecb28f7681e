import { todayInTimeZone as todayIn } from '@mip/shared';
import { describe, expect, it } from 'vitest';
import { groupByHour, nextPassings, secondsNowIn, toClockTime } from './timetable-format';

const at = (departureTime: string, trip = 1) => ({ arrivalTime: departureTime, departureTime, trip });

describe('timetable times', () => {
  it('shows times without seconds, hours past 24 as the next day', () => {
    expect(toClockTime('05:58:00')).toMatchObject({ text: '05:58', isNextDay: false, seconds: 21_480 });
    expect(toClockTime('25:32:00')).toMatchObject({ text: '01:32', isNextDay: true, hour: 1, minute: 32 });
    expect(toClockTime('24:00:00').text).toBe('00:00');
  });

  it('picks the next passings, including those after midnight of the service day', () => {
    const times = [at('06:00:00'), at('23:40:00'), at('24:10:00'), at('25:32:00')];
    expect(nextPassings(times, 23 * 3600, 2).map((time) => time.text)).toEqual(['23:40', '00:10']);
    expect(nextPassings(times, 26 * 3600, 5)).toEqual([]);
  });

  it('groups passings by the hour of the service day', () => {
    const rows = groupByHour([at('06:05:00'), at('06:35:00'), at('25:04:00'), at('07:00:00')]);
    expect(rows.map((row) => [row.hour, row.isNextDay, row.times.map((time) => time.minute)])).toEqual([
      [6, false, [5, 35]],
      [7, false, [0]],
      [1, true, [4]],
    ]);
  });

  it('reads the clock and the calendar of a time zone', () => {
    const instant = new Date('2025-04-14T23:30:00Z');
    expect(todayIn('Europe/Lisbon', instant)).toBe('2025-04-15');
    expect(secondsNowIn('Europe/Lisbon', instant)).toBe(30 * 60);
    expect(todayIn('America/Los_Angeles', instant)).toBe('2025-04-14');
  });
});
