import { z } from 'zod';
import { missingOr } from './common.ts';

/**
 * Usage statistics of the public map (spec 001 §3 usage metrics session, §4,
 * §7 PUT /statistics/session): the browser sends its session every 60 s and
 * starts a new one when the last was sent more than 120 s ago.
 */
export const USAGE_SEND_INTERVAL_MS = 60_000;
export const USAGE_SESSION_RESET_MS = 120_000;
export const USAGE_MAX_CLICKS = 1000;
export const USAGE_FILTER_MAX_CHARS = 4000;
/** The statistics screen reads at most a year at a time. */
export const USAGE_MAX_RANGE_DAYS = 366;
/** How many of the most clicked systems the screen lists. */
export const USAGE_TOP_SYSTEMS = 10;

const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);

const optionalLabel = (max: number) =>
  z
    .string({ error: 'INVALID_VALUE' })
    .trim()
    .max(max, { error: 'TOO_LONG' })
    .nullish()
    .transform((value) => (value ? value : null));

const ZTimestamp = z
  .number({ error: 'INVALID_TIMESTAMP' })
  .int({ error: 'INVALID_TIMESTAMP' })
  .min(EARLIEST, { error: 'INVALID_TIMESTAMP' })
  .max(LATEST, { error: 'INVALID_TIMESTAMP' });

export const ZUsageSession = z
  .object({
    /** Chosen by the browser (a UUID); the same id updates the same session. */
    id: z
      .string({ error: 'MISSING_VALUE' })
      .min(8, { error: 'INVALID_VALUE' })
      .max(64, { error: 'INVALID_VALUE' })
      .regex(/^[A-Za-z0-9_-]+$/, { error: 'INVALID_VALUE' }),
    deviceType: optionalLabel(40),
    browserName: optionalLabel(60),
    browserVersion: optionalLabel(40),
    operatingSystem: optionalLabel(60),
    operatingSystemVersion: optionalLabel(40),
    /** Milliseconds since 1970 on the visitor's clock. */
    startTimestamp: ZTimestamp,
    currentTimestamp: ZTimestamp,
    /** Ids of the systems opened on the map during the session, one entry per click. */
    systemsClicked: z
      .array(z.number({ error: 'INVALID_VALUE' }).int().positive().max(2_147_483_647), { error: 'INVALID_VALUE' })
      .max(USAGE_MAX_CLICKS, { error: 'TOO_LONG' })
      .default([]),
    /** The map filter in force (groups, incidents, traffic), as the map keeps it. */
    filter: z
      .unknown()
      .optional()
      .transform((value) => value ?? null)
      .refine((value) => JSON.stringify(value).length <= USAGE_FILTER_MAX_CHARS, { error: 'TOO_LONG' }),
  })
  .refine((session) => session.currentTimestamp >= session.startTimestamp, {
    path: ['currentTimestamp'],
    error: 'INVALID_TIMESTAMP',
  });
export type TUsageSession = z.input<typeof ZUsageSession>;

const ZIsoDate = z
  .string({ error: missingOr('MISSING_VALUE', 'INVALID_DATE') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'INVALID_DATE' });

export const ZUsageSummaryQuery = z
  .object({
    /** First and last day, inclusive, in the caller's time zone. */
    from: ZIsoDate.refine((value) => !Number.isNaN(Date.parse(value)), { error: 'INVALID_DATE' }),
    to: ZIsoDate.refine((value) => !Number.isNaN(Date.parse(value)), { error: 'INVALID_DATE' }),
  })
  .refine(
    ({ from, to }) => {
      const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
      return days >= 0 && days < USAGE_MAX_RANGE_DAYS;
    },
    { path: ['to'], error: 'INVALID_DATE_RANGE' },
  );
export type TUsageSummaryQuery = z.input<typeof ZUsageSummaryQuery>;

/** Sessions by one label (device, browser, system); null gathers the sessions that did not say. */
const ZCount = z.object({ name: z.string().nullable(), sessions: z.number().int() });

export const ZUsageSummary = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  totalSessions: z.number().int(),
  averageDurationSeconds: z.number(),
  totalClicks: z.number().int(),
  /** Every day of the range, days without sessions included. */
  sessionsPerDay: z.array(z.object({ date: z.string(), sessions: z.number().int() })),
  deviceTypes: z.array(ZCount),
  browsers: z.array(ZCount),
  operatingSystems: z.array(ZCount),
  topSystems: z.array(
    z.object({
      systemId: z.number().int(),
      /** Null when the system has been deleted since. */
      name: z.string().nullable(),
      clicks: z.number().int(),
      sessions: z.number().int(),
    }),
  ),
});
export type TUsageSummary = z.infer<typeof ZUsageSummary>;
