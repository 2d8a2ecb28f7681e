import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type {
  TGtfsImportHistoryItem,
  TGtfsImportJob,
  TGtfsImportSearchQuery,
  TGtfsJobStatus,
  TPagedList,
  TPageQuery,
} from '@mip/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { TDatabase } from '../../db/database.ts';
import { searchPage, type TPagedSearch } from '../../db/paged-search.ts';
import { recordAudit, type TActor } from '../../http/audit.ts';
import { AppError, fieldErrors, notFound } from '../../http/errors.ts';
import type { TJobQueue } from '../../jobs/define-job.ts';
import { queueGtfsCheck, queueGtfsImport } from '../../jobs/gtfs-imports.ts';
import type { TAuthContext } from '../auth/session-store.ts';
import { andEntityInScopeSql } from '../entities/entity-scope.ts';
import { andGroupInScopeSql, groupInScopeSql, isGroupInScope } from '../mobility-groups/group-scope.ts';
import {
  IMPORT_JOB_COLUMNS,
  IMPORT_JOB_FROM,
  type TImportJobRow,
  toImportHistoryItem,
  toImportJob,
} from './gtfs.presenter.ts';
import { databaseUrlOf } from './import/feed-worker-client.ts';
import { prepareFeedWorker } from './import/spare-feed-worker.ts';
import { dropStagedFeeds } from './import/stage-feed.ts';

/*
 * A job belongs to its target group's entity: only callers whose scope covers
 * it list, read, confirm or cancel the job; for anyone else it is not there (404).
 */

export async function readImportJob(db: TDatabase, id: number, auth: TAuthContext): Promise<TGtfsImportJob> {
  const { rows } = await db.execute<TImportJobRow>(
    sql`select ${IMPORT_JOB_COLUMNS}, j.report ${IMPORT_JOB_FROM}
         where j.id = ${id} ${andEntityInScopeSql(auth, sql`g.entity_id`)}`,
  );
  if (!rows[0]) throw notFound();
  return toImportJob(rows[0]);
}

/** The import history within the caller's scope, narrowed by `conditions`, newest first. */
function importJobSearch(auth: TAuthContext, conditions: (SQL | undefined)[]): TPagedSearch {
  return {
    columns: IMPORT_JOB_COLUMNS,
    from: IMPORT_JOB_FROM,
    countFrom: sql`from gtfs_import_jobs j`,
    where: [groupInScopeSql(auth, sql`j.group_id`), ...conditions],
    sortColumns: { createdAt: { expression: sql`j.created_at` }, status: { expression: sql`j.status` } },
    defaultSort: 'createdAt',
    defaultDirection: 'DESC',
    tiebreak: sql`j.id`,
  };
}

export function searchImportJobs(
  db: TDatabase,
  query: TGtfsImportSearchQuery,
  auth: TAuthContext,
): Promise<TPagedList<TGtfsImportHistoryItem>> {
  const conditions = [
    query.groupId ? sql`j.group_id = ${query.groupId}` : undefined,
    query.status ? sql`j.status = ${query.status}` : undefined,
  ];
  return searchPage(db, importJobSearch(auth, conditions), query, toImportHistoryItem);
}

const UNFINISHED: TGtfsJobStatus[] = ['VALIDATING', 'VALIDATED', 'QUEUED', 'IMPORTING'];
const FAILED: TGtfsJobStatus[] = ['INVALID', 'FAILED'];

/**
 * Imports that want someone's attention (the console home): those still
 * under way, and failed ones that are still their group's latest attempt —
 * a failure followed by another upload to the group has been dealt with.
 */
export function searchImportJobsToFollow(
  db: TDatabase,
  query: TPageQuery,
  auth: TAuthContext,
): Promise<TPagedList<TGtfsImportHistoryItem>> {
  const toFollow = sql`(j.status = any(${sql.param(UNFINISHED)}::text[])
    or (j.status = any(${sql.param(FAILED)}::text[])
        and not exists (select 1 from gtfs_import_jobs later where later.group_id = j.group_id and later.id > j.id)))`;
  return searchPage(db, importJobSearch(auth, [toFollow]), query, toImportHistoryItem);
}

/** Jobs still waiting or running, newest first: the import screen picks them up again when reopened. */
export async function listUnfinishedImportJobs(db: TDatabase, auth: TAuthContext): Promise<TGtfsImportJob[]> {
  const { rows } = await db.execute<TImportJobRow>(
    sql`select ${IMPORT_JOB_COLUMNS}, j.report ${IMPORT_JOB_FROM}
         where j.status = any(${sql.param(UNFINISHED)}::text[]) ${andEntityInScopeSql(auth, sql`g.entity_id`)}
         order by j.created_at desc, j.id desc limit 20`,
  );
  return rows.map(toImportJob);
}

const UPLOAD_ERRORS: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  FST_FILES_LIMIT: 'TOO_MANY_FILES',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'MISSING_FILE',
};

/**
 * Streams the uploaded zip to a file of its own under the upload folder —
 * never whole in memory — and answers where it went and how big it is.
 */
async function receiveUpload(
  request: FastifyRequest,
  uploadDir: string,
): Promise<{ filePath: string; fileName: string; size: number }> {
  await fs.mkdir(uploadDir, { recursive: true });
  const filePath = path.join(uploadDir, `${randomUUID()}.zip`);
  try {
    const part = await request.file();
    if (!part) throw fieldErrors([{ property: 'file', error: 'MISSING_FILE' }]);
    await pipeline(part.file, createWriteStream(filePath));
    const { size } = await fs.stat(filePath);
    if (size === 0) throw fieldErrors([{ property: 'file', error: 'MISSING_FILE' }]);
    const fileName = path.basename(part.filename || 'feed.zip').slice(0, 255);
    return { filePath, fileName, size };
  } catch (error) {
    await fs.rm(filePath, { force: true });
    const code = UPLOAD_ERRORS[(error as { code?: string }).code ?? ''];
    if (code) throw fieldErrors([{ property: 'file', error: code }]);
    throw error;
  }
}

/**
 * Takes a GTFS zip for a group and queues its check with it (`isCheckedHere`:
 * this process works the check queue); nothing in the
 * group changes until it is confirmed. A group outside the caller's scope is
 * refused as an unknown one.
 */
export async function uploadGtfsFile(
  db: TDatabase,
  jobs: TJobQueue,
  request: FastifyRequest,
  input: { groupId: number; uploadDir: string; isCheckedHere: boolean },
  auth: TAuthContext,
  actor: TActor,
): Promise<TGtfsImportJob> {
  if (!(await isGroupInScope(db, auth, input.groupId))) {
    throw fieldErrors([{ property: 'groupId', error: 'INVALID_GROUP' }]);
  }
  // The check's thread loads its modules while the file arrives, when this process is the one to run it.
  if (input.isCheckedHere) prepareFeedWorker(databaseUrlOf(db));
  const upload = await receiveUpload(request, input.uploadDir);
  const jobId = await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(
      sql`insert into gtfs_import_jobs (group_id, status, file_name, file_size, file_path, created_by)
          values (${input.groupId}, 'VALIDATING', ${upload.fileName}, ${upload.size}, ${upload.filePath},
                  ${auth.user.id})
          returning id`,
    );
    await queueGtfsCheck(jobs, tx, rows[0].id);
    await recordAudit(tx, actor, {
      action: 'GTFS_UPLOAD',
      recordType: 'GTFS_IMPORT_JOB',
      recordId: rows[0].id,
      after: { groupId: input.groupId, fileName: upload.fileName, fileSize: upload.size },
    });
    return rows[0].id;
  });
  return readImportJob(db, jobId, auth);
}

/** Confirms a validated feed: its import is queued with the confirm and runs in the background. */
export async function confirmImportJob(
  db: TDatabase,
  jobs: TJobQueue,
  id: number,
  auth: TAuthContext,
  actor: TActor,
): Promise<TGtfsImportJob> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ status: TGtfsJobStatus; group_id: number }>(
      sql`select j.status, j.group_id from gtfs_import_jobs j
           where j.id = ${id} ${andGroupInScopeSql(auth, sql`j.group_id`)} for update`,
    );
    if (!rows[0]) throw notFound();
    if (rows[0].status !== 'VALIDATED') {
      throw new AppError('GTFS_JOB_NOT_CONFIRMABLE', { status: 409, message: 'Only a validated feed can be imported' });
    }
    await tx.execute(
      sql`update gtfs_import_jobs set status = 'QUEUED', phase = null, confirmed_by = ${auth.user.id}, rows_done = 0 where id = ${id}`,
    );
    await queueGtfsImport(jobs, tx, { id, groupId: rows[0].group_id });
    await recordAudit(tx, actor, {
      action: 'GTFS_IMPORT_CONFIRM',
      recordType: 'GTFS_IMPORT_JOB',
      recordId: id,
      before: { status: rows[0].status },
      after: { status: 'QUEUED' },
    });
  });
  return readImportJob(db, id, auth);
}

/**
 * Cancels a job. Waiting ones end at once; running ones are asked to stop
 * and do so at their next step (an import that already reached its final
 * transaction completes). The group's feed is left as it was.
 */
export async function cancelImportJob(
  db: TDatabase,
  id: number,
  auth: TAuthContext,
  actor: TActor,
): Promise<TGtfsImportJob> {
  const waiting = await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ status: TGtfsJobStatus; file_path: string | null }>(
      sql`select j.status, j.file_path from gtfs_import_jobs j
           where j.id = ${id} ${andGroupInScopeSql(auth, sql`j.group_id`)} for update`,
    );
    const job = rows[0];
    if (!job) throw notFound();
    const isWaiting = job.status === 'VALIDATED' || job.status === 'QUEUED';
    const isRunning = job.status === 'VALIDATING' || job.status === 'IMPORTING';
    if (!isWaiting && !isRunning) {
      throw new AppError('GTFS_JOB_NOT_CANCELLABLE', { status: 409, message: 'The job has already ended' });
    }
    await tx.execute(
      isWaiting
        ? sql`update gtfs_import_jobs set status = 'CANCELLED', cancel_requested = true, finished_at = now(),
                 file_path = null where id = ${id}`
        : sql`update gtfs_import_jobs set cancel_requested = true where id = ${id}`,
    );
    await recordAudit(tx, actor, {
      action: 'GTFS_IMPORT_CANCEL',
      recordType: 'GTFS_IMPORT_JOB',
      recordId: id,
      before: { status: job.status },
      after: { status: isWaiting ? 'CANCELLED' : job.status, cancelRequested: true },
    });
    return isWaiting ? { filePath: job.file_path } : null;
  });
  if (waiting?.filePath) await fs.rm(waiting.filePath, { force: true });
  // What its check loaded is dropped now rather than at the next sweep.
  if (waiting) await dropStagedFeeds(db, id);
  return readImportJob(db, id, auth);
}
