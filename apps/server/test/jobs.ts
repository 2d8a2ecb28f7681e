import { PgBoss } from 'pg-boss';
import type { TJobDefinition } from '../src/jobs/define-job.ts';
import { JOB_SCHEMA } from '../src/jobs/job-schema.ts';
import type { TTestApp } from './test-app.ts';

/**
 * Waits until no job of these queues (every queue when none is named) is
 * waiting, being retried or running in the app's database: what a test that
 * queued work checks after. Follow-ups a job queues before it ends (the
 * emails of a scheduled report) are waited for too when their queue is named.
 * `about` narrows it to the jobs whose data holds it (JSON containment): the
 * test's own, not another test's that waits to be retried.
 */
export async function waitForJobs(
  t: Pick<TTestApp, 'db'>,
  queues: string[] = [],
  options: { about?: Record<string, unknown>; timeoutMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    const { rows } = await t.db.$client.query<{ name: string; state: string }>(
      `select name, state from ${JOB_SCHEMA}.job
        where state in ('created', 'retry', 'active') and (cardinality($1::text[]) = 0 or name = any($1::text[]))
          and name not like '\\_\\_pgboss%' and ($2::jsonb is null or data @> $2::jsonb)
        limit 5`,
      [queues, options.about ? JSON.stringify(options.about) : null],
    );
    if (rows.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(`jobs still waiting or running: ${rows.map((row) => `${row.name} (${row.state})`).join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Another server process on the app's database, which takes jobs and then
 * dies without a word (killed, or its machine gone): what pg-boss must bring
 * back. It claims the jobs it is given — sent for later so the app's own
 * workers never see them waiting — and, when it dies, their heartbeats read
 * as a long silence.
 */
export async function standInForDeadProcess(t: Pick<TTestApp, 'db'>) {
  const boss = new PgBoss({
    connectionString: String(t.db.$client.options.connectionString),
    schema: JOB_SCHEMA,
    max: 2,
    migrate: false,
    supervise: false,
    schedule: false,
    registerInstance: false,
  });
  boss.on('error', () => {});
  await boss.start();
  const claimed: { name: string; id: string }[] = [];
  return {
    /** Queues the job as any process would, then takes it as its worker would, and answers its pg-boss id. */
    async claim<T>(
      job: TJobDefinition<T>,
      payload: NoInfer<T>,
      options: { groupId?: string; retryLimit?: number } = {},
    ) {
      const id = await boss.send(job.name, job.payload.parse(payload) as object, {
        startAfter: new Date(Date.now() + 3_600_000),
        priority: 1_000_000,
        ...(options.groupId ? { group: { id: options.groupId } } : {}),
        ...(options.retryLimit === undefined ? {} : { retryLimit: options.retryLimit }),
      });
      const [taken] = await boss.fetch(job.name, { ignoreStartAfter: true });
      if (!id || taken?.id !== id) throw new Error(`the stand-in process could not claim its ${job.name} job`);
      claimed.push({ name: job.name, id });
      return id;
    },
    /** Dies: what it claimed stays active, its heartbeat as old as a few minutes of silence would leave it. */
    async die() {
      for (const { name, id } of claimed) {
        await t.db.$client.query(
          `update ${JOB_SCHEMA}.job set heartbeat_on = now() - interval '10 minutes' where name = $1 and id = $2`,
          [name, id],
        );
      }
      await boss.stop({ graceful: false, close: true });
    },
  };
}
