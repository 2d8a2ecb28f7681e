import type { z } from 'zod';
import type { TServerConfig } from '../config.ts';
import type { TDatabase, TExecutor } from '../db/database.ts';
import type { TMailer } from '../mail/mailer.ts';
import type { TQueryRunner } from '../modules/queries/query-runner.ts';

/** The time zone every scheduled job's cron is read in. */
export const SCHEDULE_TIME_ZONE = 'Europe/Lisbon';

/**
 * How pg-boss keeps a queue's jobs (see QueueOptions in pg-boss's types):
 * retries, the time budget of one attempt (`expireInSeconds`), the heartbeat
 * a running attempt must keep up for another process to tell that its worker
 * died, and where a job that runs out of attempts goes.
 */
export interface TJobQueueOptions {
  /** `standard`, or `stately` for a sweep: one waiting and one running at most, whatever the processes. */
  policy?: 'standard' | 'stately';
  retryLimit: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  retryDelayMax?: number;
  /** The time budget of one attempt: past it pg-boss fails the attempt (and aborts its signal). */
  expireInSeconds: number;
  /** A worker refreshes the attempt's heartbeat at half this; a silent one for this long means its process died. */
  heartbeatSeconds?: number;
  /** The queue a job that ran out of attempts is copied to (its payload as it was). */
  deadLetter?: string;
  /** How long a finished job stays in pg-boss's table. */
  deleteAfterSeconds?: number;
  /** How long a job may wait to be picked before pg-boss drops it. */
  retentionSeconds?: number;
}

/**
 * The queue of a dead-letter job (ending what its process could not): tried
 * again a few times, backing off, should the database be away at that moment.
 */
export const DEAD_LETTER_QUEUE: TJobQueueOptions = {
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
};

/** How a process works a queue. */
export interface TJobWorkerOptions {
  /** Jobs of this queue one process runs at once. */
  concurrency?: number | ((config: TServerConfig) => number);
  /** Jobs of one group (their `group.id` at send) running at once across every process. */
  groupConcurrency?: number;
  /**
   * How often an idle worker looks for a job it was not woken for (a retry or
   * a dead letter coming due): a new job wakes it at once. By default every
   * 2 s, every 30 s for a periodic job.
   */
  pollingIntervalSeconds?: number;
}

/** What a running job gets from the process it runs in. */
export interface TJobContext {
  db: TDatabase;
  config: TServerConfig;
  mailer: TMailer;
  /** Read when a job runs: the query runner is closed with the app. */
  queryRunner: () => TQueryRunner;
  /** To queue follow-up jobs (in a transaction of the job's own, with `tx`). */
  jobs: TJobQueue;
  log: TJobLog;
}

export interface TJobLog {
  info: (message: string) => void;
  warn: (message: string, error?: unknown) => void;
  error: (message: string, error?: unknown) => void;
}

/** The attempt a handler runs: pg-boss's job as the handler needs it. */
export interface TRunningJob {
  id: string;
  /** 0 on the first attempt, one more for each retry. */
  retryCount: number;
  /**
   * Aborted when the attempt can no longer land: its time budget ran out, its
   * claim was taken away, or the process is stopping and the grace ran out.
   */
  signal: AbortSignal;
}

export type THandler<TPayload> = (payload: TPayload, job: TRunningJob) => Promise<void>;

/**
 * One background job: its queue's name, the payload it takes (checked when it
 * is sent and again when it runs), how its queue keeps it, how processes work
 * it and, for a periodic one, its cron (read in Europe/Lisbon time).
 */
export interface TJobDefinition<TPayload = unknown> {
  name: string;
  description: string;
  payload: z.ZodType<TPayload>;
  queue: TJobQueueOptions;
  worker?: TJobWorkerOptions;
  /** A cron expression (5 fields) in SCHEDULE_TIME_ZONE; pg-boss sends one job per occurrence across all processes. */
  schedule?: string;
  /** Queued once more when a workers process starts (a job without payload): the first round need not wait for the cron. */
  runAtStart?: boolean;
  /** Whether a workers process works this queue (default: yes); lets a setting keep a process out of one. */
  isWorkedBy?: (config: TServerConfig) => boolean;
  /** Called once per workers process when its workers start: answers the handler, which may keep per-process state. */
  handler: (context: TJobContext) => THandler<TPayload>;
}

/** A job of any payload, as lists of them hold it (each checks its own payload). */
// biome-ignore lint/suspicious/noExplicitAny: the payload type differs from job to job.
export type TAnyJobDefinition = TJobDefinition<any>;

export function defineJob<TPayload>(definition: TJobDefinition<TPayload>): TJobDefinition<TPayload> {
  return definition;
}

export interface TSendOptions {
  /** The caller's transaction: the job exists once it commits, and not at all if it rolls back. */
  tx?: TExecutor;
  /** A stable id (see jobIdFor): sending the same job twice queues it once. */
  id?: string;
  /** Higher runs first; equal priorities run oldest first. */
  priority?: number;
  /** Jobs of one group run at most `groupConcurrency` at once (across processes). */
  groupId?: string;
  /** Not before this (a date, or seconds from now). */
  startAfter?: Date | number;
  /** Overrides of the queue's retries for this job. */
  retryLimit?: number;
  retryDelay?: number;
}

export type TJobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** Sending jobs: every process can, whatever its role. */
export interface TJobQueue {
  /** Queues a job; answers its id, or null when one with the same `id` exists already. */
  send: <TPayload>(
    job: TJobDefinition<TPayload>,
    payload: NoInfer<TPayload>,
    options?: TSendOptions,
  ) => Promise<string | null>;
  /** Where a job is (by the id it was sent with), or null when pg-boss no longer has it. */
  stateOf: (job: Pick<TJobDefinition, 'name'>, id: string) => Promise<TJobState | null>;
}
