import { z } from 'zod';
import { GTFS_ISSUE_CODES, GTFS_SEVERITIES } from '../gtfs-issue-codes.ts';
import { ZId, ZPageQuery } from './common.ts';

// The codes live in a module without zod: the GTFS worker thread reads them and loads nothing else of here.
export * from '../gtfs-issue-codes.ts';

/** One problem: where (file, line — the header is line 1 — and column) and what. */
export const ZGtfsIssue = z.object({
  severity: z.enum(GTFS_SEVERITIES),
  code: z.enum(GTFS_ISSUE_CODES),
  file: z.string().nullable(),
  row: z.number().int().nullable(),
  field: z.string().nullable(),
  /** The offending value, cut to 100 characters, or a detail the message names ({value}). */
  value: z.string().nullable(),
});
export type TGtfsIssue = z.infer<typeof ZGtfsIssue>;

/** Counts of one kind of record: what the feed holds, and what it does to the group's systems. */
export const ZGtfsChangeCounts = z.object({
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
});
export type TGtfsChangeCounts = z.infer<typeof ZGtfsChangeCounts>;

export const ZGtfsFeedCounts = z.object({
  agencies: z.number().int(),
  stops: z.number().int(),
  routes: z.number().int(),
  trips: z.number().int(),
  stopTimes: z.number().int(),
  services: z.number().int(),
  calendarDates: z.number().int(),
  frequencies: z.number().int(),
  shapes: z.number().int(),
});
export type TGtfsFeedCounts = z.infer<typeof ZGtfsFeedCounts>;

/**
 * What importing would do to the group: systems added, updated in place and
 * removed. Removed ones are deactivated, not deleted, so links to them (events,
 * documents, parameters) survive and a later feed can bring them back.
 */
export const ZGtfsSummary = z.object({
  counts: ZGtfsFeedCounts,
  stops: ZGtfsChangeCounts,
  routes: ZGtfsChangeCounts,
  removedSystems: z.literal('DEACTIVATED'),
  /** First and last service dates (YYYY-MM-DD), from feed_info or the calendars. */
  feedStartDate: z.string().nullable(),
  feedEndDate: z.string().nullable(),
  feedVersion: z.string().nullable(),
  publisherName: z.string().nullable(),
  agencyNames: z.array(z.string()),
});
export type TGtfsSummary = z.infer<typeof ZGtfsSummary>;

export const ZGtfsReport = z.object({
  isValid: z.boolean(),
  errorCount: z.number().int(),
  warningCount: z.number().int(),
  /** Issues beyond the first ones of each kind are counted, not listed. */
  omittedCount: z.number().int(),
  issues: z.array(ZGtfsIssue),
  summary: ZGtfsSummary.nullable(),
});
export type TGtfsReport = z.infer<typeof ZGtfsReport>;

/**
 * An import's life: the upload is validated (VALIDATING → VALIDATED, or
 * INVALID when it has errors), waits for confirmation, is QUEUED, runs
 * (IMPORTING) and ends SUCCEEDED, FAILED or CANCELLED.
 */
export const GTFS_JOB_STATUSES = [
  'VALIDATING',
  'VALIDATED',
  'INVALID',
  'QUEUED',
  'IMPORTING',
  'SUCCEEDED',
  'FAILED',
  'CANCELLED',
] as const;
export type TGtfsJobStatus = (typeof GTFS_JOB_STATUSES)[number];
export const GTFS_FINAL_STATUSES: readonly TGtfsJobStatus[] = ['INVALID', 'SUCCEEDED', 'FAILED', 'CANCELLED'];

/** The step a running job is in; rows done/total count the feed's rows, all of them from the read on. */
export const GTFS_JOB_PHASES = ['READING', 'LOADING', 'INDEXING', 'SYSTEMS', 'SWAPPING', 'DONE'] as const;
export type TGtfsJobPhase = (typeof GTFS_JOB_PHASES)[number];

/** Why a job ended FAILED; the web has a text for each (`gtfs.failures.<CODE>`). */
export const GTFS_FAILURE_CODES = ['FEED_INVALID', 'INTERRUPTED', 'UPLOAD_MISSING', 'INTERNAL_ERROR'] as const;
export type TGtfsFailureCode = (typeof GTFS_FAILURE_CODES)[number];

export const ZGtfsImportJob = z.object({
  id: z.number().int(),
  group: z.object({ id: z.number().int(), name: z.string() }),
  status: z.enum(GTFS_JOB_STATUSES),
  phase: z.enum(GTFS_JOB_PHASES).nullable(),
  rowsDone: z.number().int(),
  /** Null while not yet known (the first read of a feed). */
  rowsTotal: z.number().int().nullable(),
  fileName: z.string(),
  fileSize: z.number().int(),
  report: ZGtfsReport.nullable(),
  /** Why a job failed, as an error code the web translates. */
  failureCode: z.enum(GTFS_FAILURE_CODES).nullable(),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  feedStartDate: z.string().nullable(),
  feedEndDate: z.string().nullable(),
  /**
   * The demo network only: the whole years its service dates were moved
   * forward on the first run so that its timetable covers today (null for a
   * feed loaded as it is — every import a user makes).
   */
  serviceYearsMoved: z.number().int().nullable(),
});
export type TGtfsImportJob = z.infer<typeof ZGtfsImportJob>;

/** A history row: the job without its (possibly long) report, with its counts. */
export const ZGtfsImportHistoryItem = ZGtfsImportJob.omit({ report: true }).extend({
  counts: ZGtfsFeedCounts.nullable(),
  errorCount: z.number().int(),
  warningCount: z.number().int(),
});
export type TGtfsImportHistoryItem = z.infer<typeof ZGtfsImportHistoryItem>;

export const ZGtfsImportSearchQuery = ZPageQuery.extend({
  sortProperty: z.enum(['createdAt', 'status']).optional(),
  groupId: ZId.optional(),
  status: z.enum(GTFS_JOB_STATUSES).optional(),
});
export type TGtfsImportSearchQuery = z.infer<typeof ZGtfsImportSearchQuery>;

/** The multipart form of an upload: the group travels as a query parameter, before the file. */
export const ZGtfsUploadQuery = z.object({ groupId: ZId });

/** Largest GTFS zip the server accepts (real networks' feeds run to hundreds of MB). */
export const GTFS_MAX_UPLOAD_BYTES = 1024 * 1024 * 1024;
