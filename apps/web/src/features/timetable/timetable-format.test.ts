import type { TScheduleRoute } from '@mip/shared';
import { todayInTimeZone as todayIn } from '@mip/shared';
import { describe, expect, it } from 'vitest';
import {
  distinctLines,
  groupByHour,
  lineOptionLabel,
  lineTextColor,
  nextPassings,
  secondsNowIn,
  toClockTime,
  upcomingDepartures,
} from './timetable-format';

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

const route = (id: number, shortName: string, overrides: Partial<TScheduleRoute> = {}): TScheduleRoute => ({
  id,
  shortName,
  longName: '',
  color: null,
  textColor: null,
  direction: 'MAIN',
  headsign: null,
  serviceDays: [],
  stopTimes: [],
  ...overrides,
});

describe('a stop’s departure board', () => {
  it('merges every line and direction, soonest first, with minutes from now and each trip’s own sign', () => {
    const routes = [
      route(1, '205', { headsign: 'Campanhã', stopTimes: [at('08:10:00'), at('08:40:00')] }),
      route(1, '205', {
        direction: 'OPPOSITE',
        headsign: 'Castelo do Queijo',
        stopTimes: [{ ...at('08:05:30', 7), headsign: 'Boavista', tripShortName: '7' }],
      }),
      route(2, 'ZC', { headsign: 'Aeroporto', stopTimes: [at('07:59:00'), at('24:15:00')] }),
    ];
    const board = upcomingDepartures(routes, 8 * 3600, 3);
    expect(board.map((d) => [d.route.shortName, d.destination, d.minutesAway, d.tripShortName])).toEqual([
      ['205', 'Boavista', 5, '7'],
      ['205', 'Campanhã', 10, null],
      ['205', 'Campanhã', 40, null],
    ]);
    expect(upcomingDepartures(routes, 23 * 3600, 5).map((d) => d.time.text)).toEqual(['00:15']);
  });

  it('lists a line once whatever its directions', () => {
    const lines = distinctLines([route(1, '205'), route(1, '205', { direction: 'OPPOSITE' }), route(2, 'ZC')]);
    expect(lines.map((line) => line.id)).toEqual([1, 2]);
  });
});

describe('the line picker', () => {
  const towards = (headsign: string) => `→ ${headsign}`;
  it('tells apart lines that share a short name by where they go and their long name', () => {
    const routes = [
      route(10, 'IC', { headsign: 'Lisboa Santa Apolónia', longName: 'Intercidades Porto–Lisboa' }),
      route(11, 'IC', { headsign: 'Porto Campanhã', longName: 'Intercidades Lisboa–Porto' }),
      route(12, 'IC', { headsign: 'Guimarães' }),
      route(12, 'IC', { direction: 'OPPOSITE', headsign: 'Lisboa Santa Apolónia' }),
    ];
    expect(lineOptionLabel(routes, 10, towards)).toBe('IC → Lisboa Santa Apolónia · Intercidades Porto–Lisboa');
    expect(lineOptionLabel(routes, 11, towards)).toBe('IC → Porto Campanhã · Intercidades Lisboa–Porto');
    expect(lineOptionLabel(routes, 12, towards)).toBe('IC → Guimarães / → Lisboa Santa Apolónia');
  });
});

describe('a line chip’s text', () => {
  it('keeps the feed’s text colour, else picks black or white for contrast', () => {
    expect(lineTextColor({ color: '#C63920', textColor: '#FFFFFF' })).toBe('#FFFFFF');
    expect(lineTextColor({ color: '#FFE600', textColor: null })).toBe('#000000');
    expect(lineTextColor({ color: '#003366', textColor: null })).toBe('#ffffff');
    expect(lineTextColor({ color: null, textColor: null })).toBe('#ffffff');
  });
});
