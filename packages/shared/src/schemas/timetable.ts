import { z } from 'zod';
import { ZId } from './common.ts';
import { ROUTE_DIRECTIONS, SERVICE_DAY_GROUPS, SERVICE_DAYS, type TServiceDay } from './mobility.ts';

/** A calendar day, "YYYY-MM-DD". */
export const ZIsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'INVALID_DATE' })
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    {
      error: 'INVALID_DATE',
    },
  );

/**
 * GET /public-transport/schedule (spec 001 §7). stopId and routeId are
 * mobility system ids (a STOP and a ROUTE system); at least one is needed.
 * Without a date, today in the network's time zone.
 */
export const ZScheduleQuery = z
  .object({
    stopId: ZId.optional(),
    routeId: ZId.optional(),
    direction: z.enum(ROUTE_DIRECTIONS, { error: 'INVALID_DIRECTION' }).optional(),
    date: ZIsoDate.optional(),
  })
  .refine((query) => query.stopId !== undefined || query.routeId !== undefined, {
    path: ['stopId'],
    error: 'MISSING_STOP_OR_ROUTE',
  });
export type TScheduleQuery = z.infer<typeof ZScheduleQuery>;

/**
 * One passing. Times are GTFS service-day times, "HH:MM:SS", and may pass
 * 24:00 for trips that run after midnight (25:32:00 is 01:32 the next day).
 */
export const ZStopTime = z.object({
  arrivalTime: z.string(),
  departureTime: z.string(),
  /** The trip (a number within the feed), to follow one run from stop to stop. */
  trip: z.number().int(),
  /** The trip's own sign, only when it differs from its direction's usual one (a short turn, a branch). */
  headsign: z.string().optional(),
  /** The trip's public name when the feed gives one: a train number such as "IC 523". */
  tripShortName: z.string().optional(),
});
export type TStopTime = z.infer<typeof ZStopTime>;

export const ZScheduleStop = z.object({ id: z.number().int(), name: z.string() });
export type TScheduleStop = z.infer<typeof ZScheduleStop>;

/** A route in one direction, with its passings at the asked stop (or none, for a route asked alone). */
export const ZScheduleRoute = z.object({
  id: z.number().int(),
  shortName: z.string(),
  longName: z.string(),
  color: z.string().nullable(),
  textColor: z.string().nullable(),
  direction: z.enum(ROUTE_DIRECTIONS),
  /** Where the direction's trips go, as their signs say. */
  headsign: z.string().nullable(),
  serviceDays: z.array(z.enum(SERVICE_DAYS)),
  stopTimes: z.array(ZStopTime),
});
export type TScheduleRoute = z.infer<typeof ZScheduleRoute>;

/** A stop of the asked route and direction, in order, with its passings on the date. */
export const ZRouteStopTimes = z.object({ stop: ZScheduleStop, stopTimes: z.array(ZStopTime) });
export type TRouteStopTimes = z.infer<typeof ZRouteStopTimes>;

/** A service (GTFS calendar) running on the date for what was asked. */
export const ZScheduleService = z.object({
  serviceId: z.string(),
  serviceDays: z.array(z.enum(SERVICE_DAYS)),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
export type TScheduleService = z.infer<typeof ZScheduleService>;

export const ZSchedule = z.object({
  /** False when the system has no timetable (its group never had a GTFS import): "schedules not yet available". */
  available: z.boolean(),
  date: z.string(),
  /** The network's time zone: "today" and "next passings" are reckoned there. */
  timezone: z.string(),
  stop: ZScheduleStop.nullable(),
  routes: z.array(ZScheduleRoute),
  routeStopTimes: z.array(ZRouteStopTimes),
  services: z.array(ZScheduleService),
  /**
   * The first and last days the network's timetable has service ("YYYY-MM-DD"), so a date
   * outside them can say why it is empty and offer one within; null when unknown.
   */
  coverage: z.object({ from: z.string(), to: z.string() }).nullable(),
});
export type TSchedule = z.infer<typeof ZSchedule>;

export type TServiceDayGroup = (typeof SERVICE_DAY_GROUPS)[number]['id'];

/**
 * Spec 001 §9: service days shown as groups — all seven days are ALL_DAYS,
 * the five weekdays ALL_WEEK_DAYS, Saturday and Sunday WEEKEND; days outside
 * a whole group are listed one by one.
 */
export function groupServiceDays(days: readonly TServiceDay[]): { groups: TServiceDayGroup[]; days: TServiceDay[] } {
  const present = new Set(days);
  const covers = (group: readonly TServiceDay[]) => group.every((day) => present.has(day));
  const allDays = SERVICE_DAY_GROUPS.find((group) => group.id === 'ALL_DAYS');
  if (allDays && covers(allDays.days)) return { groups: ['ALL_DAYS'], days: [] };
  const groups = SERVICE_DAY_GROUPS.filter((group) => group.id !== 'ALL_DAYS' && covers(group.days));
  const grouped = new Set<TServiceDay>(groups.flatMap((group) => group.days));
  return {
    groups: groups.map((group) => group.id),
    days: SERVICE_DAYS.filter((day) => present.has(day) && !grouped.has(day)),
  };
}

/** Today on the calendar of a time zone, "YYYY-MM-DD": timetables count days where the network runs. */
export function todayInTimeZone(timezone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
