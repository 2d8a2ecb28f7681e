import { z } from 'zod';
import type { TExecutor } from '../db/database.ts';
import { resumeDemoImport } from '../modules/gtfs/demo-feed.ts';
import {
  createGtfsJobWork,
  endInterruptedJob,
  gtfsUploadDir,
  type TGtfsJobWork,
  tidyImportJobs,
} from '../modules/gtfs/gtfs-jobs.ts';
import { DEAD_LETTER_QUEUE, defineJob, type TJobContext, type TJobQueue } from './define-job.ts';
import { jobIdFor } from './job-ids.ts';

const ZImportJob = z.object({ importJobId: z.number().int().positive(), stage: z.enum(['check', 'import']) });

/**
 * A check or import whose attempt pg-boss gave up on (its process died and
 * the heartbeat stopped, or it outran its time budget) lands here: the job
 * ends FAILED (INTERRUPTED), what it half-loaded goes, the group's live feed
 * stays, and an interrupted demo import is queued again.
 */
export const endInterruptedGtfsJob = defineJob({
  name: 'end-interrupted-gtfs-job',
  description: 'Ends a GTFS check or import whose process died as FAILED (INTERRUPTED)',
  payload: ZImportJob,
  queue: DEAD_LETTER_QUEUE,
  handler:
    ({ db, config, jobs }) =>
    async ({ importJobId, stage }) => {
      if (await endInterruptedJob(db, importJobId, stage))
        await resumeDemoImport(db, jobs, gtfsUploadDir(config.uploadDir));
    },
});

/** The checks and imports of one process share what a check staged (see createGtfsJobWork). */
const workOfProcess = new WeakMap<TJobContext, TGtfsJobWork>();
function gtfsWork(context: TJobContext): TGtfsJobWork {
  let work = workOfProcess.get(context);
  if (!work) {
    work = createGtfsJobWork(context.db, context.log, context.config.gtfsZipLimits);
    workOfProcess.set(context, work);
  }
  return work;
}

/** Checks an uploaded feed (VALIDATING → VALIDATED or INVALID); queued with the upload. */
export const checkGtfsFeed = defineJob({
  name: 'check-gtfs-feed',
  description: 'Checks an uploaded GTFS feed and loads it for the confirm',
  payload: ZImportJob,
  // Not retried: a check whose process died ends INTERRUPTED, as the user is told; they upload again.
  queue: {
    retryLimit: 0,
    expireInSeconds: 2 * 60 * 60,
    heartbeatSeconds: 30,
    deadLetter: endInterruptedGtfsJob.name,
  },
  worker: { concurrency: 2 },
  handler: (context) => {
    const work = gtfsWork(context);
    return ({ importJobId }, job) => work.check(importJobId, job.signal);
  },
});

/** Imports a confirmed feed into its group; one import per group at a time, across every process. */
export const importGtfsFeed = defineJob({
  name: 'import-gtfs-feed',
  description: 'Imports a confirmed GTFS feed into its group',
  payload: ZImportJob,
  // Not retried: an import whose process died ends INTERRUPTED and the group keeps its previous feed.
  queue: {
    retryLimit: 0,
    expireInSeconds: 4 * 60 * 60,
    heartbeatSeconds: 30,
    deadLetter: endInterruptedGtfsJob.name,
  },
  worker: { concurrency: 1, groupConcurrency: 1 },
  handler: (context) => {
    const work = gtfsWork(context);
    return ({ importJobId }, job) => work.import(importJobId, job.signal);
  },
});

const checkJobId = (importJobId: number) => jobIdFor(`${checkGtfsFeed.name}:${importJobId}`);
const importJobId = (id: number) => jobIdFor(`${importGtfsFeed.name}:${id}`);

/** Queues the check of an upload, in the transaction that recorded it. */
export function queueGtfsCheck(jobs: TJobQueue, tx: TExecutor, importJob: number) {
  return jobs.send(checkGtfsFeed, { importJobId: importJob, stage: 'check' }, { tx, id: checkJobId(importJob) });
}

/** Queues a confirmed import, in the transaction that confirmed it; at most once per import row. */
export function queueGtfsImport(jobs: TJobQueue, tx: TExecutor, importJob: { id: number; groupId: number }) {
  return jobs.send(
    importGtfsFeed,
    { importJobId: importJob.id, stage: 'import' },
    { tx, id: importJobId(importJob.id), groupId: `group-${importJob.groupId}` },
  );
}

/**
 * Every few minutes, and when a workers process starts: queues imports
 * waiting without a job (the demo network's, queued with the first run's
 * data), ends checks and imports whose job is gone, cancels checked feeds
 * nobody confirmed within a week and drops what no job will use.
 */
export const tidyGtfsImports = defineJob({
  name: 'tidy-gtfs-imports',
  description: 'Queues waiting GTFS imports and clears what ended imports left',
  payload: z.object({}),
  queue: { policy: 'stately', retryLimit: 1, expireInSeconds: 10 * 60 },
  schedule: '*/5 * * * *',
  runAtStart: true,
  handler:
    ({ db, config, jobs }) =>
    async () => {
      await tidyImportJobs(db, {
        queueImport: (tx, row) => queueGtfsImport(jobs, tx, row),
        isJobLive: async (id, stage) => {
          const state =
            stage === 'check'
              ? await jobs.stateOf(checkGtfsFeed, checkJobId(id))
              : await jobs.stateOf(importGtfsFeed, importJobId(id));
          return state === 'created' || state === 'retry' || state === 'active';
        },
      });
      await resumeDemoImport(db, jobs, gtfsUploadDir(config.uploadDir));
    },
});
