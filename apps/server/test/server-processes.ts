import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import SERVER_NODE_FLAGS from '../node-flags.json' with { type: 'json' };
import { REPO_ROOT } from '../src/config.ts';
import { findFreePort } from '../src/db/embedded.ts';

/** The server as `npm start` runs it. */
export const SERVER_MAIN = path.join(REPO_ROOT, 'apps', 'server', 'src', 'main.ts');

export interface TServerProcess {
  name: string;
  baseUrl: string;
  child: ChildProcess;
  isRunning: () => boolean;
  /** What the process wrote, for the error message when something fails. */
  output: () => string;
  /** SIGKILL, as a crash or an out-of-memory kill would end it: no shutdown of its own. */
  kill: () => Promise<void>;
  /** SIGTERM, then SIGKILL after 15 s. */
  stop: () => Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `isTrue` holds; throws with `what` once `timeoutMs` has passed. */
export async function waitUntil(what: string, isTrue: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await isTrue())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(20);
  }
}

/**
 * Starts apps/server/src/main.ts on a free loopback port with `env` (DATABASE_URL among it) and waits
 * until /api/health answers 200.
 */
export async function startServerProcess(name: string, env: NodeJS.ProcessEnv): Promise<TServerProcess> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  const server: TServerProcess = {
    name,
    baseUrl,
    child,
    isRunning,
    output: () => output,
    kill: async () => {
      if (isRunning()) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (!isRunning()) return;
      child.kill('SIGTERM');
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 15_000).unref());
      if ((await Promise.race([exited, timeout])) === 'timeout') child.kill('SIGKILL');
      await exited;
    },
  };
  try {
    await waitUntil(
      `${name} answering /api/health`,
      async () => {
        if (!isRunning()) throw new Error(`${name} exited while starting:\n${output}`);
        const response = await fetch(`${baseUrl}/api/health`).catch(() => null);
        await response?.arrayBuffer();
        return response?.status === 200;
      },
      90_000,
    );
  } catch (error) {
    await server.kill();
    throw error;
  }
  return server;
}

export interface TRoundRobinProxy {
  url: string;
  close: () => Promise<void>;
}

/**
 * A load balancer in front of the processes: each request goes to the next
 * running one, in turn, and says which in `x-served-by`. A process that
 * refuses the connection (killed) is skipped; its requests go to the next.
 */
export async function startRoundRobinProxy(servers: () => TServerProcess[]): Promise<TRoundRobinProxy> {
  let turn = 0;
  const forward = (request: http.IncomingMessage, body: Buffer, reply: http.ServerResponse, tries: number) => {
    const running = servers().filter((server) => server.isRunning());
    if (running.length === 0 || tries > running.length) {
      reply.writeHead(502).end();
      return;
    }
    const target = running[turn++ % running.length];
    const upstream = http.request(
      `${target.baseUrl}${request.url}`,
      { method: request.method, headers: { ...request.headers, host: new URL(target.baseUrl).host } },
      (answer) => {
        reply.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': target.name });
        answer.pipe(reply);
      },
    );
    // Nothing reached a process that refused or dropped the connection before answering: the next one gets it.
    upstream.once('error', () => (reply.headersSent ? reply.destroy() : forward(request, body, reply, tries + 1)));
    upstream.end(body);
  };
  const proxy = http.createServer((request, reply) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => forward(request, Buffer.concat(chunks), reply, 0));
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}

/** The local TCP ports of a process's sockets (Linux /proc): which of our processes a PostgreSQL backend serves. */
function localPortsOf(pid: number): Set<number> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    const target = (() => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        return '';
      }
    })();
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode) inodes.add(inode);
  }
  const ports = new Set<number>();
  for (const table of ['tcp', 'tcp6']) {
    const lines = readFileSync(`/proc/${pid}/net/${table}`, 'utf8').trim().split('\n').slice(1);
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      if (inodes.has(fields[9])) ports.add(Number.parseInt(fields[1].split(':')[1], 16));
    }
  }
  return ports;
}

/** The process whose database connection uses `clientPort` (pg_stat_activity.client_port), if one of ours. */
export function serverProcessOfConnection(servers: TServerProcess[], clientPort: number): TServerProcess | null {
  return (
    servers.find(
      (server) =>
        server.isRunning() && server.child.pid !== undefined && localPortsOf(server.child.pid).has(clientPort),
    ) ?? null
  );
}
