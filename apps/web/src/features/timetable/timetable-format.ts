import type { TScheduleRoute, TStopTime } from '@mip/shared';

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

/** A departure on the clock, with what sets its trip apart (its own sign, its train number). */
export interface TPassing extends TClockTime {
  headsign?: string;
  tripShortName?: string;
}

const toPassing = (stopTime: TStopTime): TPassing => ({
  ...toClockTime(stopTime.departureTime),
  headsign: stopTime.headsign,
  tripShortName: stopTime.tripShortName,
});

/** The next departures from `nowSeconds` on (a service-day time of 25:10 is still to come at 23:00). */
export function nextPassings(times: TStopTime[], nowSeconds: number, count: number): TPassing[] {
  return times
    .map(toPassing)
    .filter((time) => time.seconds >= nowSeconds)
    .sort((a, b) => a.seconds - b.seconds)
    .slice(0, count);
}

/** Departures grouped by the hour of the service day, in order: a row per hour, its minutes beside it. */
export function groupByHour(
  times: TStopTime[],
): { serviceHour: number; hour: number; isNextDay: boolean; times: TPassing[] }[] {
  const rows = new Map<number, TPassing[]>();
  for (const time of times.map(toPassing)) {
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

/** A departure on a stop's board: which line, where it goes, when. */
export interface TDeparture {
  route: TScheduleRoute;
  time: TClockTime;
  /** The trip's own sign, else its direction's usual one. */
  destination: string | null;
  /** A train number, when the feed gives one. */
  tripShortName: string | null;
  /** Whole minutes from now (0: leaving now). */
  minutesAway: number;
}

/** The next departures of every line and direction at a stop, soonest first. */
export function upcomingDepartures(routes: TScheduleRoute[], nowSeconds: number, count: number): TDeparture[] {
  const departures: TDeparture[] = [];
  for (const route of routes) {
    for (const stopTime of route.stopTimes) {
      const time = toClockTime(stopTime.departureTime);
      if (time.seconds < nowSeconds) continue;
      departures.push({
        route,
        time,
        destination: stopTime.headsign ?? route.headsign ?? null,
        tripShortName: stopTime.tripShortName ?? null,
        minutesAway: Math.floor((time.seconds - nowSeconds) / 60),
      });
    }
  }
  return departures
    .sort((a, b) => a.time.seconds - b.time.seconds || a.route.shortName.localeCompare(b.route.shortName))
    .slice(0, count);
}

/** The lines of a stop, once each (a stop lists a line per direction), in the order the server gave them. */
export function distinctLines(routes: TScheduleRoute[]): TScheduleRoute[] {
  return [...new Map(routes.map((route) => [route.id, route])).values()];
}

/**
 * How the line picker names a line: short name, where it goes and its long
 * name, so the six lines of a station that share one short name (one per
 * direction or variant) can be told apart before one is chosen.
 */
export function lineOptionLabel(routes: TScheduleRoute[], routeId: number, towards: (headsign: string) => string) {
  const directions = routes.filter((route) => route.id === routeId);
  const [first] = directions;
  if (!first) return '';
  const destinations = [...new Set(directions.map((route) => route.headsign).filter(Boolean))] as string[];
  const name = [first.shortName, destinations.map(towards).join(' / ')].filter(Boolean).join(' ');
  return first.longName && first.longName !== first.shortName ? `${name} · ${first.longName}` : name;
}

/**
 * A text colour readable on a line's colour: the feed's own when it gives
 * one, else black or white by the colour's luminance (WCAG's formula).
 */
export function lineTextColor(route: Pick<TScheduleRoute, 'color' | 'textColor'>): string {
  if (route.textColor) return route.textColor;
  if (!route.color || !/^#[0-9a-f]{6}$/i.test(route.color)) return '#ffffff';
  const channel = (offset: number) => {
    const value = Number.parseInt(route.color?.slice(offset, offset + 2) ?? '00', 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // Black on anything lighter than about #777: the contrast with black then beats the contrast with white.
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

/**
 * The destinations that differ from the direction's usual one, each with a
 * letter, as printed timetables footnote them ("a — to Gilroy").
 */
export function headsignNotes(times: TStopTime[]): Map<string, string> {
  const notes = new Map<string, string>();
  for (const time of times) {
    if (time.headsign && !notes.has(time.headsign))
      notes.set(time.headsign, String.fromCharCode(97 + (notes.size % 26)));
  }
  return notes;
}
