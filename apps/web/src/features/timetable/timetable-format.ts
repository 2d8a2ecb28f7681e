import type { TStopTime } from '@mip/shared';

/** A GTFS service-day time as people read it: hours past 24 are the next day's early hours. */
export interface TClockTime {
  /** Seconds since the start of the service day (may pass 86,400). */
  seconds: number;
  /** "HH:MM" on the clock, without seconds (spec 001 §9). */
  text: string;
  hour: number;
  minute: number;
  isNextDay: boolean;
}

export function toClockTime(time: string): TClockTime {
  const [h, m, s] = time.split(':').map(Number);
  const seconds = h * 3600 + m * 60 + (s || 0);
  const hour = h % 24;
  return {
    seconds,
    text: `${String(hour).padStart(2, '0')}:${String(m).padStart(2, '0')}`,
    hour,
    minute: m,
    isNextDay: h >= 24,
  };
}

/** Seconds since midnight now, on the clock of a time zone. */
export function secondsNowIn(timezone: string, now = new Date()): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 3600 + part('minute') * 60 + part('second');
}

/** The next departures from `nowSeconds` on (a service-day time of 25:10 is still to come at 23:00). */
export function nextPassings(times: TStopTime[], nowSeconds: number, count: number): TClockTime[] {
  return times
    .map((time) => toClockTime(time.departureTime))
    .filter((time) => time.seconds >= nowSeconds)
    .sort((a, b) => a.seconds - b.seconds)
    .slice(0, count);
}

/** Departures grouped by the hour of the service day, in order: a row per hour, its minutes beside it. */
export function groupByHour(
  times: TStopTime[],
): { serviceHour: number; hour: number; isNextDay: boolean; times: TClockTime[] }[] {
  const rows = new Map<number, TClockTime[]>();
  for (const time of times.map((stopTime) => toClockTime(stopTime.departureTime))) {
    const serviceHour = Math.floor(time.seconds / 3600);
    const row = rows.get(serviceHour);
    if (row) row.push(time);
    else rows.set(serviceHour, [time]);
  }
  return [...rows.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([serviceHour, row]) => ({
      serviceHour,
      hour: serviceHour % 24,
      isNextDay: serviceHour >= 24,
      times: row.sort((a, b) => a.seconds - b.seconds),
    }));
}
