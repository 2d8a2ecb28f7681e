import { z } from 'zod';
import { missingOr, requiredId, ZId, ZPageQuery, ZQueryList, ZSearchText } from './common.ts';
import { ZParameterValues, ZQueryParameter, ZQueryParameterDefinitions, ZQueryText } from './queries.ts';

/**
 * Reports (spec 001 §3 "Report template", §5 "Report messages", §6 "Reports
 * have entity and veterinary visibility limits"): SQL templates staff generate
 * as files on demand or on a schedule.
 */

export const REPORT_CATEGORIES = ['ANIMAL', 'VETERINARY', 'OTHERS'] as const;
export type TReportCategory = (typeof REPORT_CATEGORIES)[number];
export const REPORT_FORMATS = ['CSV', 'XLSX', 'PDF'] as const;
export type TReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_RECURRENCES = ['HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type TReportRecurrence = (typeof REPORT_RECURRENCES)[number];
export const REPORT_JOB_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type TReportJobStatus = (typeof REPORT_JOB_STATUSES)[number];
/** Schedules run in Lisbon time: "daily at 08:00" stays 08:00 across summer time. */
export const REPORT_SCHEDULE_TIME_ZONE = 'Europe/Lisbon';
/** Statement timeout of a report's query: longer than a widget's, as reports are asked for rarely. */
export const REPORT_SYNC_TIMEOUT_MS = 30_000;
export const REPORT_ASYNC_TIMEOUT_MS = 10 * 60_000;
/** Rows one report may hold. */
export const REPORT_ROW_CAP = 1_000_000;
/** Rows a PDF holds before it says the rest are in the CSV or XLSX. */
export const REPORT_PDF_ROW_CAP = 5_000;

export const MIME_TYPES: Record<TReportFormat, string> = {
  CSV: 'text/csv; charset=utf-8',
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  PDF: 'application/pdf',
};

const optionalText = (max: number, code: string) =>
  z
    .string({ error: code })
    .trim()
    .max(max, { error: code })
    .nullish()
    .transform((value) => value || null);

export const ZReportTemplateInput = z.object({
  name: z
    .string({ error: 'MISSING_NAME' })
    .trim()
    .min(1, { error: 'MISSING_NAME' })
    .max(200, { error: 'INVALID_NAME' }),
  category: z.enum(REPORT_CATEGORIES, { error: missingOr('MISSING_CATEGORY', 'INVALID_CATEGORY') }),
  /** Generated in the background (long reports), the file landing in the requester's files. */
  async: z.boolean({ error: missingOr('MISSING_ASYNC', 'INVALID_VALUE') }),
  query: ZQueryText,
  /** The legal or internal reference the report answers to. */
  reference: optionalText(200, 'INVALID_REFERENCE'),
  /** The agreement (protocol) under which it is produced. */
  agreement: optionalText(200, 'INVALID_AGREEMENT'),
  enabled: z.boolean({ error: missingOr('MISSING_ENABLED', 'INVALID_VALUE') }),
  parameters: ZQueryParameterDefinitions,
  /** Only users of these entities (or their sub-entities) see it; empty: everyone with the permission. */
  entityIds: z.array(ZId, { error: 'INVALID_ENTITY' }).max(500).default([]),
});
export type TReportTemplateInput = z.input<typeof ZReportTemplateInput>;

export const ZReportTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.enum(REPORT_CATEGORIES),
  async: z.boolean(),
  query: z.string(),
  reference: z.string().nullable(),
  agreement: z.string().nullable(),
  enabled: z.boolean(),
  parameters: z.array(ZQueryParameter),
  entityIds: z.array(z.number().int()),
  scheduleCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TReportTemplate = z.infer<typeof ZReportTemplate>;

/** What a user who may generate (not manage) sees of a template: no SQL. */
export const ZReportTemplateSummary = ZReportTemplate.omit({ query: true, entityIds: true });
export type TReportTemplateSummary = z.infer<typeof ZReportTemplateSummary>;

export const ZReportTemplateSearchQuery = ZPageQuery.extend({
  sortProperty: z.enum(['name', 'category', 'updatedAt']).optional(),
  universalSearch: ZSearchText,
  category: ZQueryList(z.enum(REPORT_CATEGORIES)),
  enabled: z.enum(['true', 'false']).optional(),
});
export type TReportTemplateSearchQuery = z.infer<typeof ZReportTemplateSearchQuery>;

const ZFormat = z.enum(REPORT_FORMATS, { error: missingOr('MISSING_FORMAT', 'INVALID_FORMAT') });

/**
 * POST /reports/{templateId}/generate: a template that is not async answers
 * with the file; an async one with the queued job (202).
 */
export const ZReportGenerateInput = z.object({ parameters: ZParameterValues, format: ZFormat });
export type TReportGenerateInput = z.input<typeof ZReportGenerateInput>;

export const ZReportJob = z.object({
  id: z.number().int(),
  template: z.object({ id: z.number().int(), name: z.string() }),
  scheduleId: z.number().int().nullable(),
  format: z.enum(REPORT_FORMATS),
  status: z.enum(REPORT_JOB_STATUSES),
  /** 0 to 100. */
  progress: z.number(),
  rowsDone: z.number().int(),
  rowsTotal: z.number().int().nullable(),
  /** REPORT_QUERY_ERROR and the database's message, when it failed. */
  error: z.string().nullable(),
  /** The generated file in the requester's personal files. */
  fileId: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TReportJob = z.infer<typeof ZReportJob>;

const RECURRING_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const ZReportScheduleInput = z
  .object({
    templateId: requiredId('MISSING_TEMPLATE_ID', 'INVALID_TEMPLATE_ID'),
    parameters: ZParameterValues,
    format: ZFormat,
    recurrence: z.enum(REPORT_RECURRENCES, { error: missingOr('MISSING_RECURRENCE', 'INVALID_RECURRENCE') }),
    /** HH:mm in Lisbon time; HOURLY uses its minutes only. */
    recurringTime: z
      .string({ error: 'MISSING_RECURRING_TIME' })
      .trim()
      .min(1, { error: 'MISSING_RECURRING_TIME' })
      .regex(RECURRING_TIME, { error: 'INVALID_RECURRING_TIME' }),
    /** WEEKLY: 1 (Monday) to 7 (Sunday). */
    dayOfWeek: z
      .number({ error: 'INVALID_VALUE' })
      .int()
      .min(1, { error: 'INVALID_VALUE' })
      .max(7, { error: 'INVALID_VALUE' })
      .nullish()
      .transform((v) => v ?? null),
    /** MONTHLY: 1 to 31; a shorter month runs on its last day. */
    dayOfMonth: z
      .number({ error: 'INVALID_VALUE' })
      .int()
      .min(1, { error: 'INVALID_VALUE' })
      .max(31, { error: 'INVALID_VALUE' })
      .nullish()
      .transform((v) => v ?? null),
    /** Users who get the file by email (the owner gets it in their files regardless). */
    subscriberIds: z.array(ZId, { error: 'INVALID_USER' }).max(100).default([]),
    enabled: z.boolean({ error: 'INVALID_VALUE' }).default(true),
  })
  .superRefine((schedule, context) => {
    if (schedule.recurrence === 'WEEKLY' && schedule.dayOfWeek === null) {
      context.addIssue({ code: 'custom', path: ['dayOfWeek'], message: 'MISSING_VALUE' });
    }
    if (schedule.recurrence === 'MONTHLY' && schedule.dayOfMonth === null) {
      context.addIssue({ code: 'custom', path: ['dayOfMonth'], message: 'MISSING_VALUE' });
    }
  });
export type TReportScheduleInput = z.input<typeof ZReportScheduleInput>;
export type TReportScheduleConfig = z.output<typeof ZReportScheduleInput>;

export const ZReportSchedule = z.object({
  id: z.number().int(),
  template: z.object({ id: z.number().int(), name: z.string() }),
  owner: z.object({ id: z.number().int(), name: z.string() }),
  parameters: z.record(z.string(), z.unknown()),
  format: z.enum(REPORT_FORMATS),
  recurrence: z.enum(REPORT_RECURRENCES),
  recurringTime: z.string(),
  dayOfWeek: z.number().int().nullable(),
  dayOfMonth: z.number().int().nullable(),
  subscribers: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
  enabled: z.boolean(),
  /** ISO instant of the next run; null when disabled. */
  nextGenerationAt: z.string().nullable(),
  lastGeneratedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TReportSchedule = z.infer<typeof ZReportSchedule>;

export const ZReportScheduleSearchQuery = ZPageQuery.extend({
  sortProperty: z.enum(['nextGenerationAt', 'createdAt']).optional(),
  templateId: ZId.optional(),
  /** Every user's schedules (MANAGE_REPORTS); otherwise the caller's own. */
  all: z.enum(['true', 'false']).optional(),
});
export type TReportScheduleSearchQuery = z.infer<typeof ZReportScheduleSearchQuery>;

/** Wall-clock parts of an instant in a time zone (numbers: month 1–12, hour 0–23). */
export function zonedParts(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** The instant a wall-clock time in a time zone names (the later one in a DST gap it moves forward). */
export function zonedInstant(
  wall: { year: number; month: number; day: number; hour: number; minute: number },
  timeZone: string,
): Date {
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // Two passes settle the zone's offset at that moment, summer time included.
  let instant = guess;
  for (let i = 0; i < 2; i++) {
    const seen = zonedParts(new Date(instant), timeZone);
    const seenUtc = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute);
    instant += guess - seenUtc;
  }
  return new Date(instant);
}

/**
 * When a schedule next runs strictly after `after`, in Lisbon time (spec:
 * recurrence HOURLY, DAILY, WEEKLY, MONTHLY with a recurring time).
 */
export function nextGeneration(
  schedule: Pick<TReportScheduleConfig, 'recurrence' | 'recurringTime' | 'dayOfWeek' | 'dayOfMonth'>,
  after: Date,
  timeZone: string = REPORT_SCHEDULE_TIME_ZONE,
): Date {
  const [hour, minute] = schedule.recurringTime.split(':').map(Number) as [number, number];
  const now = zonedParts(after, timeZone);
  if (schedule.recurrence === 'HOURLY') {
    for (let step = 0; step < 3; step++) {
      const candidate = zonedInstant({ ...now, hour: now.hour, minute }, timeZone);
      const shifted = new Date(candidate.getTime() + step * 3_600_000);
      if (shifted > after) return shifted;
    }
  }
  // Walk day by day from today: at most a year and a bit for the rarest rule.
  const start = Date.UTC(now.year, now.month - 1, now.day);
  for (let offset = 0; offset < 400; offset++) {
    const day = new Date(start + offset * 86_400_000);
    const year = day.getUTCFullYear();
    const month = day.getUTCMonth() + 1;
    const date = day.getUTCDate();
    if (schedule.recurrence === 'WEEKLY') {
      const isoWeekday = ((day.getUTCDay() + 6) % 7) + 1;
      if (isoWeekday !== schedule.dayOfWeek) continue;
    }
    if (schedule.recurrence === 'MONTHLY') {
      const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
      if (date !== Math.min(schedule.dayOfMonth ?? 1, lastDay)) continue;
    }
    const candidate = zonedInstant({ year, month, day: date, hour, minute }, timeZone);
    if (candidate > after) return candidate;
  }
  throw new Error('no next generation within 400 days');
}

/** A file in a user's personal area (spec 001 /personal/files): generated reports and exports. */
export const USER_FILE_ORIGINS = ['REPORT', 'EXPORT'] as const;
export const ZUserFile = z.object({
  id: z.number().int(),
  filename: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  origin: z.enum(USER_FILE_ORIGINS),
  createdAt: z.string(),
});
export type TUserFile = z.infer<typeof ZUserFile>;

export const ZUserFileSearchQuery = ZPageQuery.extend({
  sortProperty: z.enum(['filename', 'createdAt', 'size']).optional(),
  universalSearch: ZSearchText,
});
export type TUserFileSearchQuery = z.infer<typeof ZUserFileSearchQuery>;
