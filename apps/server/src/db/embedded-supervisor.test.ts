import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { findFreePort, startEmbeddedPostgres, type TEmbeddedDatabase } from './embedded.ts';
import { superviseEmbeddedPostgres, type TEmbeddedSupervisor } from './embedded-supervisor.ts';

const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A process that lives until it is killed: a postmaster that no longer takes connections. */
function liveProcess(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], { stdio: 'ignore' });
  cleanups.push(() => {
    child.kill('SIGKILL');
  });
  return child;
}

/** An embedded database whose server is `postmaster`, reached at `port`, and whose restarts are only counted. */
function fakeEmbedded(postmaster: ChildProcess, port: number, restarts: number[]): TEmbeddedDatabase {
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    pgdata: '/nowhere',
    postmaster: () => postmaster,
    restart: async () => {
      restarts.push(Date.now());
    },
    stop: async () => {},
    kill: () => {},
  };
}

function supervise(embedded: TEmbeddedDatabase, log: string[], probeIntervalMs: number): TEmbeddedSupervisor {
  const supervisor = superviseEmbeddedPostgres(embedded, { log: (line) => log.push(line), probeIntervalMs });
  cleanups.push(() => supervisor.stop());
  return supervisor;
}

describe('the embedded PostgreSQL is started again when it dies', () => {
  it('killed with SIGKILL, it comes back on its files, and a pool made before answers with what was committed', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mip-supervised-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const embedded = await startEmbeddedPostgres(dataDir, { persistent: false });
    cleanups.push(() => embedded.stop());
    const log: string[] = [];
    supervise(embedded, log, 200);
    const pool = new pg.Pool({ connectionString: embedded.url('mip'), connectionTimeoutMillis: 2_000 });
    // The pool's idle connections die with the server: that is reported to it, not thrown.
    pool.on('error', () => {});
    cleanups.push(() => pool.end());
    await pool.query('create table survivors (name text)');
    await pool.query("insert into survivors values ('acknowledged before the crash')");

    const first = embedded.postmaster();
    first?.kill('SIGKILL');

    // Its orphaned sessions may still answer for a moment: what counts is a new server, then an answer from it.
    await expect.poll(() => log.at(-1) ?? '', { timeout: 60_000 }).toMatch(/running again after \d+ ms/);
    expect(log[0]).toMatch(/exited unexpectedly \(signal SIGKILL\); restarting it/);
    expect(embedded.postmaster()).not.toBe(first);
    // The pool's connections to the dead server fail once each and are dropped: then the new one answers.
    await expect
      .poll(
        async () => {
          try {
            return (await pool.query<{ name: string }>('select name from survivors')).rows.map((row) => row.name);
          } catch (error) {
            return (error as Error).message;
          }
        },
        { timeout: 30_000 },
      )
      .toEqual(['acknowledged before the crash']);
  }, 120_000); // A first start and a crash recovery, on a machine that may be busy.

  it('alive but refusing every connection, it is restarted after two refusals in a row', async () => {
    // Nobody listens on this port: each probe is refused, while the process watched never exits.
    const port = await findFreePort();
    const restarts: number[] = [];
    const embedded = fakeEmbedded(liveProcess(), port, restarts);
    const log: string[] = [];
    supervise(embedded, log, 50);

    await expect.poll(() => restarts.length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(log[0]).toMatch(/refused 2 connections in a row; restarting it/);
  });

  it('stopped on purpose, it is left stopped', async () => {
    const postmaster = liveProcess();
    const restarts: number[] = [];
    // Its probes would wait a minute: only the process's exit is left to react to.
    const embedded = fakeEmbedded(postmaster, await findFreePort(), restarts);
    const log: string[] = [];
    supervise(embedded, log, 60_000).stop();
    const exited = new Promise((resolve) => postmaster.once('exit', resolve));
    postmaster.kill('SIGKILL');
    await exited;
    // The supervisor's own exit listener was registered first, so it has run by now.
    expect(restarts).toEqual([]);
    expect(log).toEqual([]);
  });
});
