import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SERVER_NODE_FLAGS from '../../apps/server/node-flags.json' with { type: 'json' };
import { ACCOUNTS, APP_PORT, MAIL_HTTP_PORT, MAIL_SMTP_PORT } from './accounts.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const NODE = path.join(ROOT, 'node_modules', '.bin', 'node');
/** Ports of one worker's platform are its index times this above the run's base ports (accounts.ts). */
const PORT_STRIDE = 20;
/** A first start migrates a fresh database and loads the demo (its GTFS feed among it): long on a busy machine. */
const START_TIMEOUT_MS = 240_000;

/** One Playwright worker's own platform: its server, database, mail catcher and MQTT broker. */
export interface TWorkerPlatform {
  baseUrl: string;
  mailHttpPort: number;
  mqttBrokerPort: number;
  /** Where the server's output goes: what it said while a test failed is attached to that test. */
  serverLog: string;
}

let current: TWorkerPlatform | null = null;

/** The platform of the worker this code runs in (a worker is a process of its own). */
export function workerPlatform(): TWorkerPlatform {
  if (!current) throw new Error('no platform started in this worker (use the test from support/fixtures.ts)');
  return current;
}

/** Keeps a child's last output, to say why it did not start. */
function tail(child: ChildProcess): () => string {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => output;
}

async function waitForAnswer(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process ended (${child.exitCode}):\n${output()}`);
    const answered = await fetch(url, { signal: AbortSignal.timeout(5000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

function stopChild(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the worker's platform on ports of its own and a fresh data folder,
 * so workers run browser tests side by side without sharing a database, a
 * mailbox or a broker; `stop` ends it and removes its data.
 */
export async function startWorkerPlatform(parallelIndex: number): Promise<{ stop: () => Promise<void> }> {
  const offset = parallelIndex * PORT_STRIDE;
  const appPort = APP_PORT + offset;
  const platform: TWorkerPlatform = {
    baseUrl: `http://127.0.0.1:${appPort}`,
    mailHttpPort: MAIL_HTTP_PORT + offset,
    mqttBrokerPort: appPort + 3,
    serverLog: path.join(ROOT, 'e2e', 'test-results', `platform-${parallelIndex}-server.log`),
  };
  const dataDir = process.env.E2E_DATA_DIR
    ? `${process.env.E2E_DATA_DIR}-${parallelIndex}`
    : mkdtempSync(path.join(tmpdir(), 'mip-e2e-'));
  const mail = spawn(NODE, [path.join(import.meta.dirname, 'mail-catcher.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      E2E_MAIL_SMTP_PORT: String(MAIL_SMTP_PORT + offset),
      E2E_MAIL_HTTP_PORT: String(platform.mailHttpPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // With the Node options npm start gives it (apps/server/node-flags.json).
  const server = spawn(NODE, [...SERVER_NODE_FLAGS, path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: platform.baseUrl,
      ADMIN_EMAIL: ACCOUNTS.admin.email,
      ADMIN_PASSWORD: ACCOUNTS.admin.password,
      DEMO_PASSWORD: ACCOUNTS.operator.password,
      SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT + offset}`,
      LOG_LEVEL: 'warn',
      MQTT_BROKER_PORT: String(platform.mqttBrokerPort),
      // A group is drawn from tiles from 150 systems here (2,000 in the product): above the demo network, so
      // the other tests see it as GeoJSON, and within what map-tiled-group.spec.ts creates in seconds.
      MAP_TILES_MIN_SYSTEMS: '150',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  mkdirSync(path.dirname(platform.serverLog), { recursive: true });
  const serverLog = createWriteStream(platform.serverLog, { flags: 'a' });
  // Two streams into one file: neither may end it (the other could still write what the shutdown says), the
  // server's exit does, once both have closed.
  server.stdout?.pipe(serverLog, { end: false });
  server.stderr?.pipe(serverLog, { end: false });
  server.once('close', () => serverLog.end());
  const stop = async () => {
    current = null;
    // The server stops its embedded PostgreSQL on SIGTERM; it is given the time a shutdown takes.
    await Promise.all([stopChild(server, 30_000), stopChild(mail, 5000)]);
    if (!process.env.E2E_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await Promise.all([
      waitForAnswer(`http://127.0.0.1:${platform.mailHttpPort}/messages`, mail, tail(mail)),
      waitForAnswer(`${platform.baseUrl}/api/health`, server, tail(server)),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  current = platform;
  return { stop };
}
