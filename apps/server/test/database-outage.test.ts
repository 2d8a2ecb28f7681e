import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { readConfig } from '../src/config.ts';
import { openDatabase, type TDatabase } from '../src/db/database.ts';
import { startEmbeddedPostgres, type TEmbeddedDatabase } from '../src/db/embedded.ts';
import { superviseEmbeddedPostgres, type TEmbeddedSupervisor } from '../src/db/embedded-supervisor.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { loadReferenceData } from '../src/seed/reference-data.ts';
import { recordHealth, startEventWriters, storedEvents, until } from './database-outage.ts';
import { startTcpProxy, type TTcpProxy } from './tcp-proxy.ts';
import { createTestApp, type TTestApp } from './test-app.ts';

const buildTestApp = async (db: TDatabase) => {
  const config = readConfig({ PUBLIC_URL: 'http://mip.test', WEB_DIST: '/nonexistent' });
  const app = await buildApp({ db, config, mailer: { send: async () => {} } });
  await app.ready();
  return app;
};

const isHealthy = async (app: FastifyInstance) => (await app.inject({ url: '/api/health' })).statusCode === 200;

/** Every connection the writes took is back in the pool: none was kept by a transaction whose `begin` failed. */
const expectNoConnectionHeld = (db: TDatabase) => expect(db.$client.totalCount - db.$client.idleCount).toBe(0);

/**
 * Writes go on while the database goes away and comes back; answers what the
 * writers and the health check saw, and the seconds from the loss to a
 * healthy answer.
 */
async function writeThroughOutage(
  app: FastifyInstance,
  db: TDatabase,
  loseDatabase: () => Promise<void> | void,
  bringBack: () => Promise<void> | void = () => {},
) {
  const writers = await startEventWriters(app, db);
  const health = recordHealth(app);
  try {
    await until(
      'a first acknowledged write',
      () => writers.outcome.acknowledged.length > 0,
      5_000,
      () => JSON.stringify(writers.outcome.answers),
    );
    const lostAt = performance.now();
    await loseDatabase();
    await until(
      'a write answered 503',
      () => (writers.outcome.answers['503 DATABASE_UNAVAILABLE retry-after 5'] ?? 0) > 0,
      5_000,
    );
    await until('the health check saying degraded', () => health.seen.has('503 degraded down'), 5_000);
    await bringBack();
    await until('the health check saying ok again', () => isHealthy(app), 10_000);
    const secondsToHealthy = (performance.now() - lostAt) / 1000;
    const acknowledgedWhenHealthy = writers.outcome.acknowledged.length;
    await until(
      'a write acknowledged again',
      () => writers.outcome.acknowledged.length > acknowledgedWhenHealthy,
      5_000,
    );
    return { outcome: writers.outcome, health: health.seen, secondsToHealthy, titlePrefix: writers.titlePrefix };
  } finally {
    await writers.stop();
    await health.stop();
  }
}

describe('the embedded PostgreSQL killed with SIGKILL', () => {
  let dataDir: string;
  let embedded: TEmbeddedDatabase;
  let supervisor: TEmbeddedSupervisor;
  let db: TDatabase;
  let app: FastifyInstance;
  const log: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mip-db-outage-'));
    embedded = await startEmbeddedPostgres(dataDir);
    supervisor = superviseEmbeddedPostgres(embedded, { log: (message) => log.push(message) });
    db = openDatabase(embedded.url('mip'), { max: 5 });
    await migrateDatabase(db);
    await loadReferenceData(db);
    app = await buildTestApp(db);
  });

  afterAll(async () => {
    await app?.close();
    supervisor?.stop();
    await db?.$client.end();
    await embedded?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 while it is down, restarts it, is healthy within 10 s and keeps every acknowledged write', async () => {
    const { outcome, health, secondsToHealthy, titlePrefix } = await writeThroughOutage(app, db, () => {
      process.kill(embedded.postmaster()?.pid ?? 0, 'SIGKILL');
    });

    expect(secondsToHealthy).toBeLessThanOrEqual(10);
    // Never a 500: while the database was away every write was told to come back, with Retry-After.
    expect(Object.keys(outcome.answers).sort()).toEqual(['200', '503 DATABASE_UNAVAILABLE retry-after 5']);
    expect([...health].sort()).toEqual(['200 ok ok', '503 degraded down']);
    const stored = await storedEvents(db, titlePrefix);
    expect(stored.ids).toEqual(expect.arrayContaining(outcome.acknowledged));
    expect(stored.unaudited).toEqual([]);
    expectNoConnectionHeld(db);
    expect(log.join('\n')).toMatch(/exited unexpectedly \(signal SIGKILL\); restarting it on .*postgres/);
    expect(log.join('\n')).toMatch(/running again after \d+ ms/);
    // The configuration cache's LISTEN connection came back too: a fresh copy is trusted again.
    await until(
      'the configuration cache listening again',
      async () =>
        (await app.configurationCache.publicJson()) !== null && app.configurationCache.freshPublicJson() !== null,
      5_000,
    );
  });
});

describe('an external database (DATABASE_URL) that goes away and comes back', () => {
  let proxy: TTcpProxy;
  let t: TTestApp;

  beforeAll(async () => {
    const admin = new URL(inject('adminDatabaseUrl'));
    proxy = await startTcpProxy({ host: admin.hostname, port: Number(admin.port || 5432) });
    t = await createTestApp(
      {},
      { databaseUrl: (url) => Object.assign(new URL(url), { port: String(proxy.port) }).toString() },
    );
  });

  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  it('answers 503 while it is unreachable and serves writes again once it is back, with no restart tried', async () => {
    const { outcome, health, secondsToHealthy, titlePrefix } = await writeThroughOutage(
      t.app,
      t.db,
      () => proxy.cut(),
      () => proxy.restore(),
    );

    expect(secondsToHealthy).toBeLessThanOrEqual(10);
    expect(Object.keys(outcome.answers).sort()).toEqual(['200', '503 DATABASE_UNAVAILABLE retry-after 5']);
    expect([...health].sort()).toEqual(['200 ok ok', '503 degraded down']);
    const stored = await storedEvents(t.db, titlePrefix);
    expect(stored.ids).toEqual(expect.arrayContaining(outcome.acknowledged));
    expect(stored.unaudited).toEqual([]);
    expectNoConnectionHeld(t.db);
  });
});
