import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type TAppDeps } from '../src/app.ts';
import { readConfig } from '../src/config.ts';
import { openDatabase, type TDatabase } from '../src/db/database.ts';
import type { TMail } from '../src/mail/mailer.ts';
import type { TJobTuning } from '../src/workers.ts';
import { withDatabase } from './global-setup.ts';

export interface TTestApp {
  app: FastifyInstance;
  db: TDatabase;
  /** Every email the app sent, newest last. */
  mails: TMail[];
  /** The next this many sends fail as a mail server that is down would. */
  failingMails: { count: number };
  close: () => Promise<void>;
}

/**
 * pg-boss's timers for tests: a retry is picked within a second of coming
 * due (a new job at once), a schedule is looked at every second, and a job
 * whose process died is found within two seconds of its heartbeat going stale.
 */
export const TEST_JOB_TUNING: TJobTuning = {
  superviseIntervalSeconds: 2,
  monitorIntervalSeconds: 2,
  cronMonitorIntervalSeconds: 1,
  cronWorkerIntervalSeconds: 1,
  pollingIntervalSeconds: 1,
};

/**
 * A database of its own, cloned from the migrated template (CREATE DATABASE … TEMPLATE takes tens of
 * milliseconds); answers its URL. Also for what connects by URL (server processes started by a test).
 * Dropped with the others at the end of the run (a test app's own, as its file ends: dropTestDatabase).
 */
export async function createTestDatabase(): Promise<string> {
  return withDatabase(inject('adminDatabaseUrl'), await createTestDatabaseNamed());
}

/**
 * Drops a test database once its file is done with it. Each DROP DATABASE waits for a checkpoint, which
 * flushes every file written since the last: left for the end of the run, the first drop's checkpoint had the
 * whole run's databases to flush, and on busy cores the drops kept Vitest open four minutes after its last
 * test. Dropped as each file ends, each flushes little, while other files run.
 */
async function dropTestDatabase(name: string): Promise<void> {
  await adminQuery(`drop database if exists ${name} with (force)`);
}

async function createTestDatabaseNamed(): Promise<string> {
  const template = inject('templateDatabase');
  const name = `${template.replace('mip_template_', 'mip_test_')}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name} template ${template}`);
  return name;
}

/** One statement on a connection of its own to the admin database (CREATE and DROP DATABASE need one). */
async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/**
 * The real app on a database of its own. With `database`, another app —
 * another server process — on that database instead; with `databaseUrl`, it
 * connects another way to its own (through a proxy, say).
 */
export async function createTestApp(
  env: NodeJS.ProcessEnv = {},
  options: {
    database?: TDatabase;
    jobs?: TAppDeps['jobs'];
    /** The URL the app connects with, from the test database's own. */
    databaseUrl?: (url: string) => string;
  } = {},
): Promise<TTestApp> {
  let db: TDatabase;
  let ownDatabase: string | null = null;
  if (options.database) db = options.database;
  else {
    ownDatabase = await createTestDatabaseNamed();
    const url = withDatabase(inject('adminDatabaseUrl'), ownDatabase);
    db = openDatabase(options.databaseUrl?.(url) ?? url, { max: 5 });
  }
  const mails: TMail[] = [];
  const failingMails = { count: 0 };
  const config = readConfig({
    PUBLIC_URL: 'http://mip.test',
    WEB_DIST: '/nonexistent',
    // A test never depends on reaching the internet: the default street map is tested against a local style.
    STREET_MAP_STYLE_URL: 'offline',
    ...env,
  });
  const app = await buildApp({
    db,
    config,
    mailer: {
      send: async (mail) => {
        if (failingMails.count > 0) {
          failingMails.count--;
          throw new Error('connect ECONNREFUSED (the test mail server is down)');
        }
        mails.push(mail);
      },
    },
    jobs: { tuning: TEST_JOB_TUNING, ...options.jobs },
  });
  await app.ready();
  return {
    app,
    db,
    mails,
    failingMails,
    close: async () => {
      await app.close();
      if (!ownDatabase) return;
      await db.$client.end();
      await dropTestDatabase(ownDatabase);
    },
  };
}

/**
 * The test file's app: built before its first test, closed after its last.
 * The object is filled in by beforeAll, so read its fields inside tests and hooks.
 */
export function useTestApp(env: NodeJS.ProcessEnv = {}, options: { jobs?: TAppDeps['jobs'] } = {}): TTestApp {
  const t = {} as TTestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(env, options));
  });
  afterAll(() => t.close());
  return t;
}
