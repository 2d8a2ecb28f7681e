import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '@mip/server/src/db/embedded.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Progress goes to stderr; stdout carries only the final JSON. */
export function progress(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

const running = new Set<TChildServer>();

export interface TChildServer {
  baseUrl: string;
  /** performance.now() just before the process was spawned. */
  spawnedAt: number;
  child: ChildProcess;
  /** What the process wrote, for the error message when it fails. */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts a Node script in its own process group (so its children, the embedded
 * PostgreSQL among them, can be stopped together) on a free loopback port.
 */
export async function startNodeScript(
  script: string,
  env: NodeJS.ProcessEnv,
  nodeFlags: readonly string[] = [],
): Promise<TChildServer> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...nodeFlags, script], {
    cwd: REPO_ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const handle: TChildServer = {
    baseUrl,
    spawnedAt,
    child,
    output: () => output,
    stop: async () => {
      running.delete(handle);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 15_000).unref());
        if ((await Promise.race([exited, timeout])) === 'timeout') killGroup(child, 'SIGKILL');
        await exited;
      }
      // Whatever the script started in its group (the embedded PostgreSQL) must not outlive it.
      for (let i = 0; i < 50 && isGroupAlive(child); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      killGroup(child, 'SIGKILL');
    },
  };
  running.add(handle);
  return handle;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function isGroupAlive(child: ChildProcess): boolean {
  if (!child.pid) return false;
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops every child still running; safe to call more than once. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop()));
}

/** Last resort when the bench itself is interrupted: no child outlives it. */
export function killAllNow(): void {
  for (const server of running) killGroup(server.child, 'SIGKILL');
  running.clear();
}

/**
 * Polls a URL until it answers 200 and returns the moment it did
 * (performance.now()), or throws once the child has exited or time is up.
 */
export async function waitForOk(server: TChildServer, urlPath: string, timeoutMs: number): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`${urlPath} never answered: the process exited (${server.child.exitCode})\n${server.output()}`);
    }
    try {
      const response = await fetch(`${server.baseUrl}${urlPath}`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now();
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${urlPath} did not answer 200 within ${timeoutMs} ms\n${server.output()}`);
}
