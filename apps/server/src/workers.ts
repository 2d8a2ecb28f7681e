import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { fromDrizzle, PgBoss } from 'pg-boss';
import type { TProcessRole, TServerConfig } from './config.ts';
import type { TDatabase } from './db/database.ts';
import {
  SCHEDULE_TIME_ZONE,
  type TAnyJobDefinition,
  type TJobContext,
  type TJobLog,
  type TJobQueue,
  type TJobState,
} from './jobs/define-job.ts';
import { ALL_JOBS } from './jobs/index.ts';
import { JOB_SCHEMA } from './jobs/job-schema.ts';
import type { TMailer } from './mail/mailer.ts';
import type { TQueryRunner } from './modules/queries/query-runner.ts';

/** pg-boss checks every option it is given, even one given as undefined: only those set go. */
function onlySet<T extends object>(options: T): T {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as T;
}

/** How long stop() lets the jobs under way finish before they go back to their queue. */
export const DEFAULT_STOP_TIMEOUT_MS = 10_000;

/** pg-boss's timers, shortened by the tests (seconds). */
export interface TJobTuning {
  superviseIntervalSeconds?: number;
  monitorIntervalSeconds?: number;
  cronMonitorIntervalSeconds?: number;
  cronWorkerIntervalSeconds?: number;
  pollingIntervalSeconds?: number;
}

export interface TJobSystem extends TJobQueue {
  readonly role: TProcessRole;
  /** Starts pg-boss, creates the queues and, in a workers process, works them and registers the schedules. */
  start: () => Promise<void>;
  /**
   * Stops taking jobs, lets those under way finish for up to most of
   * `timeoutMs`, then gives up on the rest (pg-boss fails them: they run
   * again, or end as their queue says); resolves within `timeoutMs`.
   */
  stop: (timeoutMs?: number) => Promise<void>;
  /** The pg-boss instance (tests, and looking at queues). */
  readonly boss: PgBoss;
}

/**
 * The background jobs of one server process, on pg-boss in the platform's
 * own PostgreSQL (schema `pgboss`, installed by the migrations). Every
 * process can send jobs; one whose role is `workers` or `all` also works
 * every queue declared in src/jobs (as many at once as each queue says),
 * runs pg-boss's supervision (jobs whose process died, expired attempts,
 * retention) and its cron (each schedule once per occurrence across all
 * processes, in Europe/Lisbon time).
 */
export function createJobSystem(deps: {
  db: TDatabase;
  config: TServerConfig;
  mailer: TMailer;
  queryRunner: () => TQueryRunner;
  log: TJobLog;
  /** The jobs this process knows (all of src/jobs; tests add their own). */
  definitions?: TAnyJobDefinition[];
  tuning?: TJobTuning;
}): TJobSystem {
  const { db, config, log } = deps;
  const role = config.processRole;
  const works = role !== 'api';
  const definitions = deps.definitions ?? ALL_JOBS;
  const tuning = deps.tuning ?? {};
  const boss = new PgBoss(
    onlySet({
      connectionString: String(db.$client.options.connectionString),
      schema: JOB_SCHEMA,
      application_name: works ? 'mip-jobs' : 'mip-jobs-sender',
      max: works ? 6 : 2,
      instanceName: role,
      // The migrations installed the schema; a workers process still runs pg-boss's background index builds.
      migrate: works,
      supervise: works,
      schedule: works,
      // A job sent with notify wakes a waiting worker at once; polling stays as the floor.
      useListenNotify: works,
      superviseIntervalSeconds: tuning.superviseIntervalSeconds ?? 15,
      monitorIntervalSeconds: tuning.monitorIntervalSeconds ?? 15,
      cronMonitorIntervalSeconds: tuning.cronMonitorIntervalSeconds,
      cronWorkerIntervalSeconds: tuning.cronWorkerIntervalSeconds,
    }),
  );
  boss.on('error', (error) => log.error('background jobs', error));
  boss.on('warning', (warning) => log.warn(`background jobs: ${warning.message}`));

  let starting: Promise<void> | null = null;
  let isStarted = false;
  let stopping: Promise<void> | null = null;

  const queue: TJobQueue = {
    send: async (job, payload, options = {}) => {
      const data = job.payload.parse(payload) as object;
      return boss.send(
        job.name,
        data,
        onlySet({
          id: options.id,
          priority: options.priority,
          startAfter: options.startAfter,
          group: options.groupId ? { id: options.groupId } : undefined,
          retryLimit: options.retryLimit,
          retryDelay: options.retryDelay,
          db: options.tx ? fromDrizzle(options.tx, sql) : undefined,
        }),
      );
    },
    stateOf: async (job, id) => {
      const [found] = await boss.findJobs(job.name, { id });
      return (found?.state as TJobState | undefined) ?? null;
    },
  };

  const context: TJobContext = {
    db,
    config,
    mailer: deps.mailer,
    queryRunner: deps.queryRunner,
    jobs: queue,
    log,
  };

  /** Every queue, created or brought to its declared options (dead letter queues first: a queue needs its own). */
  async function ensureQueues() {
    const ordered = [...definitions].sort(
      (a, b) => Number(Boolean(a.queue.deadLetter)) - Number(Boolean(b.queue.deadLetter)),
    );
    for (const job of ordered) {
      const { policy, ...options } = job.queue;
      await boss.createQueue(job.name, onlySet({ ...options, policy: policy ?? 'standard', notify: true }));
      await boss.updateQueue(job.name, {
        ...onlySet(options),
        notify: true,
        deadLetter: options.deadLetter ?? null,
        heartbeatSeconds: options.heartbeatSeconds ?? null,
        retryDelayMax: options.retryDelayMax ?? null,
      });
    }
  }

  async function work(job: TAnyJobDefinition) {
    const handle = job.handler(context);
    const concurrency = job.worker?.concurrency;
    const polling = job.worker?.pollingIntervalSeconds ?? (job.schedule ? 30 : (tuning.pollingIntervalSeconds ?? 2));
    await boss.work(
      job.name,
      onlySet({
        batchSize: 1,
        localConcurrency: Math.max(1, (typeof concurrency === 'function' ? concurrency(config) : concurrency) ?? 1),
        groupConcurrency: job.worker?.groupConcurrency,
        // NOTIFY wakes a worker for a new job; a retry or a dead letter coming due is found by polling.
        pollingIntervalSeconds: polling,
        notifyPollingIntervalSeconds: polling,
      }),
      async ([received]) => {
        await handle(job.payload.parse(received.data), {
          id: received.id,
          retryCount: received.retryCount,
          signal: received.signal,
        });
      },
    );
  }

  /** The declared crons, in Europe/Lisbon time; a schedule no job declares any more goes. */
  async function registerSchedules() {
    const scheduled = definitions.filter((job) => job.schedule);
    for (const job of scheduled) await boss.schedule(job.name, job.schedule as string, {}, { tz: SCHEDULE_TIME_ZONE });
    const declared = new Set(scheduled.map((job) => job.name));
    for (const schedule of await boss.getSchedules()) {
      if (!declared.has(schedule.name)) await boss.unschedule(schedule.name, schedule.key);
    }
  }

  async function doStart() {
    await boss.start();
    await ensureQueues();
    if (works) {
      const worked = definitions.filter((job) => job.isWorkedBy?.(config) ?? true);
      for (const job of worked) await work(job);
      await registerSchedules();
      for (const job of worked) if (job.runAtStart) await boss.send(job.name, {});
    }
    isStarted = true;
  }

  return {
    role,
    boss,
    ...queue,
    start: () => {
      starting ??= doStart();
      return starting;
    },
    stop: (timeoutMs = DEFAULT_STOP_TIMEOUT_MS) => {
      stopping ??= (async () => {
        await starting?.catch(() => {});
        if (!isStarted) return;
        // Most of the time for the jobs under way; what pg-boss needs after it (failing the rest) is short.
        const graceful = boss.stop({ graceful: true, timeout: Math.max(1_000, timeoutMs * 0.8), close: true });
        const deadline = delay(timeoutMs, undefined, { ref: false });
        await Promise.race([
          graceful.catch((error) => log.error('background jobs did not stop cleanly', error)),
          deadline,
        ]);
      })();
      return stopping;
    },
  };
}
