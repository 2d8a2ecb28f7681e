import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../src/config.ts';
import { findFreePort } from '../src/db/embedded.ts';
import { until } from './database-outage.ts';

const SHUTDOWN_TIMEOUT_SECONDS = 5;

/** Processes whose command line names the data directory: the embedded PostgreSQL's postmaster (`-D <pgdata>`). */
function processesUsing(pgdata: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(pgdata)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

describe('SIGTERM to the server (main.ts)', () => {
  let child: ChildProcess | null = null;
  let dataDir = '';

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const pid of dataDir ? processesUsing(dataDir) : []) process.kill(pid, 'SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('exits within the deadline once its embedded PostgreSQL is gone, and leaves no PostgreSQL running', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'mip-shutdown-'));
    const port = await findFreePort();
    let output = '';
    const server = spawn(process.execPath, [path.join(SERVER_ROOT, 'src', 'main.ts')], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_DIST: '/nonexistent',
        DEMO_DATA: 'false',
        MQTT_BROKER_PORT: '0',
        TRAFFIC_POLLING: 'false',
        LOG_LEVEL: 'warn',
        SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = server;
    for (const stream of [server.stdout, server.stderr]) stream?.on('data', (chunk) => (output += chunk));
    const isHealthy = () =>
      fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.status === 200,
        () => false,
      );
    await until('the first start', isHealthy, 90_000, () => output);

    const pgdata = path.join(dataDir, 'postgres');
    const postmasterPid = Number((await readFile(path.join(pgdata, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    process.kill(postmasterPid, 'SIGKILL');
    // As an operator would meet it: the health check already says the database is gone.
    await until(
      'the health check failing',
      async () => !(await isHealthy()),
      5_000,
      () => output,
    );
    server.kill('SIGTERM');
    const hasExited = () => server.exitCode !== null || server.signalCode !== null;
    await until('the exit, by the deadline', hasExited, (SHUTDOWN_TIMEOUT_SECONDS + 1) * 1000, () => output);
    expect(server.exitCode, output).toBe(0);
    // Whether the supervisor had started it again or not, no PostgreSQL is left on the data directory.
    await until(
      'the embedded PostgreSQL gone',
      () => processesUsing(pgdata).length === 0,
      5_000,
      () => output,
    );
  }, 120_000);
});
