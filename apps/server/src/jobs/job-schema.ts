import type pg from 'pg';
import { PgBoss } from 'pg-boss';

/** pg-boss keeps its queues, jobs and schedules in a schema of its own, beside the platform's tables. */
export const JOB_SCHEMA = 'pgboss';

/**
 * Creates pg-boss's schema, or brings it to the installed pg-boss's version,
 * through the application's pool: part of the migrations every start runs
 * (idempotent, and pg-boss takes an advisory lock so processes starting
 * together do not race). The PgBoss instances of the running processes only
 * check the version then.
 */
export async function installJobSchema(pool: pg.Pool): Promise<void> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    schema: JOB_SCHEMA,
    migrate: true,
    supervise: false,
    schedule: false,
    registerInstance: false,
  });
  boss.on('error', () => {
    // start() rejects with what matters; nothing else runs on this instance.
  });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}
