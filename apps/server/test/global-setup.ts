import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { startEmbeddedPostgres, type TEmbeddedDatabase } from '../src/db/embedded.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { loadReferenceData } from '../src/seed/reference-data.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection URL to the server's maintenance database, for CREATE DATABASE. */
    adminDatabaseUrl: string;
    /** The migrated database every test file clones. */
    templateDatabase: string;
  }
}

/** Swaps the database name in a connection URL. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Databases dropped side by side at the end of a run: at most this many connections at once. */
const DROPS_AT_ONCE = 30;

/**
 * Drops what is left of the run's databases (a test app drops its own as its file ends: test-app.ts). Each
 * DROP DATABASE waits for a checkpoint: sent side by side, the drops share them.
 */
async function dropDatabases(adminUrl: string, pattern: string, template: string) {
  const pool = new pg.Pool({ connectionString: adminUrl, max: DROPS_AT_ONCE });
  try {
    const { rows } = await pool.query<{ datname: string }>(
      'select datname from pg_database where datname like $1 or datname = $2',
      [pattern, template],
    );
    // The template last: the others were made from it.
    const clones = rows.map((row) => row.datname).filter((name) => name !== template);
    await Promise.all(clones.map((name) => pool.query(`drop database if exists ${name} with (force)`)));
    await pool.query(`drop database if exists ${template} with (force)`);
  } finally {
    await pool.end();
  }
}

/**
 * One PostgreSQL for the whole run — the embedded one, or TEST_DATABASE_URL's
 * server — holding one migrated template database that each test file clones.
 */
export default async function setup(project: TestProject) {
  let embedded: TEmbeddedDatabase | null = null;
  let dataDir: string | null = null;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mip-test-db-'));
    embedded = await startEmbeddedPostgres(dataDir, { persistent: false });
    adminUrl = embedded.url('postgres');
  }
  const runId = randomBytes(4).toString('hex');
  const template = `mip_template_${runId}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const db = openDatabase(withDatabase(adminUrl, template), { max: 2 });
  await migrateDatabase(db);
  await loadReferenceData(db);
  await db.$client.end();

  project.provide('adminDatabaseUrl', adminUrl);
  const serverUrl = adminUrl;
  project.provide('templateDatabase', template);

  return async () => {
    // The embedded server goes with its folder, databases and all.
    if (!embedded) await dropDatabases(serverUrl, `mip_test_${runId}_%`, template);
    await admin.end();
    await embedded?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
