import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { readConfig } from '../src/config.ts';
import { openDatabase, type TDatabase } from '../src/db/database.ts';
import type { TMail } from '../src/mail/mailer.ts';
import { withDatabase } from './global-setup.ts';

export interface TTestApp {
  app: FastifyInstance;
  db: TDatabase;
  /** Every email the app sent, newest last. */
  mails: TMail[];
  close: () => Promise<void>;
}

/**
 * The real app on a database of its own, cloned from the migrated template
 * (CREATE DATABASE … TEMPLATE takes tens of milliseconds).
 */
export async function createTestApp(
  env: NodeJS.ProcessEnv = {},
  options: {
    /** The URL the app connects with (through a proxy, say), from the test database's own. */ databaseUrl?: (
      url: string,
    ) => string;
  } = {},
): Promise<TTestApp> {
  const adminUrl = inject('adminDatabaseUrl');
  const template = inject('templateDatabase');
  const name = `${template.replace('mip_template_', 'mip_test_')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();

  const url = withDatabase(adminUrl, name);
  const db = openDatabase(options.databaseUrl?.(url) ?? url, { max: 5 });
  const mails: TMail[] = [];
  const config = readConfig({
    PUBLIC_URL: 'http://mip.test',
    WEB_DIST: '/nonexistent',
    // A test never depends on reaching the internet: the default street map is tested against a local style.
    STREET_MAP_STYLE_URL: 'offline',
    ...env,
  });
  const app = await buildApp({ db, config, mailer: { send: async (mail) => void mails.push(mail) } });
  await app.ready();
  return {
    app,
    db,
    mails,
    close: async () => {
      await app.close();
      await db.$client.end();
    },
  };
}

/**
 * The test file's app: built before its first test, closed after its last.
 * The object is filled in by beforeAll, so read its fields inside tests and hooks.
 */
export function useTestApp(env: NodeJS.ProcessEnv = {}): TTestApp {
  const t = {} as TTestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(env));
  });
  afterAll(() => t.close());
  return t;
}

/**
 * A database of its own, cloned from the migrated template, for what connects by URL (server processes
 * started by a test); answers its URL. Dropped with the others at the end of the run.
 */
export async function createTestDatabase(): Promise<string> {
  const adminUrl = inject('adminDatabaseUrl');
  const template = inject('templateDatabase');
  const name = `${template.replace('mip_template_', 'mip_test_')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  return withDatabase(adminUrl, name);
}
