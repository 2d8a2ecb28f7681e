import type {
  TGtfsFailureCode,
  TGtfsFeedCounts,
  TGtfsImportHistoryItem,
  TGtfsImportJob,
  TGtfsJobPhase,
  TGtfsJobStatus,
  TGtfsReport,
} from '@mip/shared';
import { sql } from 'drizzle-orm';
import { toIsoTimestamp, toIsoTimestampOrNull } from '../../lib/timestamps.ts';

export type TImportJobRow = {
  id: number;
  group_id: number;
  group_name: string;
  status: TGtfsJobStatus;
  phase: TGtfsJobPhase | null;
  rows_done: number;
  rows_total: number | null;
  file_name: string;
  file_size: number;
  report?: TGtfsReport | null;
  counts: TGtfsFeedCounts | null;
  error_count: number;
  warning_count: number;
  failure_code: TGtfsFailureCode | null;
  created_by_id: number | null;
  created_by_name: string | null;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  feed_start_date: string | null;
  feed_end_date: string | null;
  service_years_moved: number | null;
};

/** The columns of a job row; dates as text, since node-postgres would turn them into local midnights. */
export const IMPORT_JOB_COLUMNS = sql`j.id, j.group_id, g.name as group_name, j.status, j.phase, j.rows_done, j.rows_total,
  j.file_name, j.file_size, j.counts, j.error_count, j.warning_count, j.failure_code,
  u.id as created_by_id, u.name as created_by_name, j.created_at, j.started_at, j.finished_at,
  j.feed_start_date::text as feed_start_date, j.feed_end_date::text as feed_end_date, j.service_years_moved`;

export const IMPORT_JOB_FROM = sql`from gtfs_import_jobs j
  join mobility_system_groups g on g.id = j.group_id
  left join users u on u.id = j.created_by`;

function jobFields(row: TImportJobRow): Omit<TGtfsImportJob, 'report'> {
  return {
    id: row.id,
    group: { id: row.group_id, name: row.group_name },
    status: row.status,
    phase: row.phase,
    rowsDone: row.rows_done,
    rowsTotal: row.rows_total,
    fileName: row.file_name,
    fileSize: Number(row.file_size),
    failureCode: row.failure_code,
    createdBy: row.created_by_id === null ? null : { id: row.created_by_id, name: row.created_by_name ?? '' },
    createdAt: toIsoTimestamp(row.created_at),
    startedAt: toIsoTimestampOrNull(row.started_at),
    finishedAt: toIsoTimestampOrNull(row.finished_at),
    feedStartDate: row.feed_start_date,
    feedEndDate: row.feed_end_date,
    serviceYearsMoved: row.service_years_moved,
  };
}

export function toImportJob(row: TImportJobRow): TGtfsImportJob {
  return { ...jobFields(row), report: row.report ?? null };
}

export function toImportHistoryItem(row: TImportJobRow): TGtfsImportHistoryItem {
  return { ...jobFields(row), counts: row.counts, errorCount: row.error_count, warningCount: row.warning_count };
}
