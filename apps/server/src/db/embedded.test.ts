import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isProcessAlive, startEmbeddedPostgres } from './embedded.ts';
import { firstFolderClosedToOthers } from './folder-access.ts';

const isRoot = process.getuid?.() === 0;

/** The process postmaster.pid names, or 0 when there is no such file. */
const pidIn = async (pidFile: string) =>
  Number((await fs.readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0]) || 0;

/** Ends a server a failed test left behind: it must not outlive the test run. */
async function endLeftServer(pidFile: string) {
  const pid = await pidIn(pidFile);
  try {
    // PostgreSQL's immediate shutdown: its sessions go with it.
    if (pid) process.kill(pid, 'SIGQUIT');
  } catch {
    // Not running, or it ended between the read and the kill.
  }
}
const made: string[] = [];

/** A folder only its owner may enter, as `mktemp -d` makes them. */
function privateFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'mip-private-'));
  made.push(folder);
  return folder;
}

afterEach(async () => {
  for (const folder of made.splice(0)) {
    await fs.chmod(folder, 0o755).catch(() => {});
    rmSync(folder, { recursive: true, force: true });
  }
});

describe('where the embedded PostgreSQL may keep its files', () => {
  it('names the first folder on the way that others may not enter', async () => {
    const outer = privateFolder();
    await fs.chmod(outer, 0o700);
    const inner = path.join(outer, 'clone', 'data');
    await fs.mkdir(inner, { recursive: true });
    expect(await firstFolderClosedToOthers(inner)).toBe(outer);
    await fs.chmod(outer, 0o711);
    expect(await firstFolderClosedToOthers(inner)).toBeNull();
  });

  it.runIf(isRoot)(
    'as root, a data folder inside a private one is refused with what to do, not an initdb failure',
    async () => {
      const outer = privateFolder();
      await fs.chmod(outer, 0o700);
      const dataDir = path.join(outer, 'clone', 'data');
      await expect(startEmbeddedPostgres(dataDir)).rejects.toThrow(
        new RegExp(`cannot enter ${outer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*chmod o\\+x`),
      );
    },
  );
});

/** Runs startEmbeddedPostgres(dataDir) in a process of its own, as a second `npm start` would. */
function startInAnotherProcess(dataDir: string, options: { stayUp?: boolean } = {}) {
  const script = `
    const { startEmbeddedPostgres } = await import(${JSON.stringify(new URL('./embedded.ts', import.meta.url).href)});
    try {
      await startEmbeddedPostgres(${JSON.stringify(dataDir)});
      console.log('started');
    } catch (error) {
      console.log('refused: ' + error.message);
      process.exit(3);
    }
    ${options.stayUp ? 'setInterval(() => {}, 1000);' : 'process.exit(0);'}
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    output += text;
  });
  const said = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const check = () => (pattern.test(output) ? resolve(output) : undefined);
      child.stdout.on('data', check);
      child.once('exit', () => (pattern.test(output) ? resolve(output) : reject(new Error(`it said: ${output}`))));
      check();
    });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, said, exited };
}

/** A data folder the 'postgres' user may enter (the embedded server runs as that user under root). */
async function openDataFolder(): Promise<string> {
  const folder = privateFolder();
  await fs.chmod(folder, 0o755);
  return path.join(folder, 'data');
}

describe('a second start on the same data folder', () => {
  it('is refused while a platform runs there, and the running one keeps its database', async () => {
    const dataDir = await openDataFolder();
    const database = await startEmbeddedPostgres(dataDir, { persistent: false });
    const client = new pg.Client({ connectionString: database.url('postgres') });
    // A dropped connection fails the query below, rather than the whole file.
    client.on('error', () => {});
    try {
      await client.connect();
      const postmaster = database.postmaster()?.pid;

      const second = startInAnotherProcess(dataDir);
      expect(await second.said(/refused: .*/)).toMatch(
        new RegExp(`already runs on this folder \\(process ${process.pid},`),
      );
      expect(await second.exited).toBe(3);

      // The same server, and the connection opened before never dropped.
      expect(database.postmaster()?.pid).toBe(postmaster);
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await client.end().catch(() => {});
      await database.stop();
    }
  });

  it('takes over from a PostgreSQL whose platform was killed', async () => {
    const dataDir = await openDataFolder();
    const first = startInAnotherProcess(dataDir, { stayUp: true });
    await first.said(/started/);
    first.child.kill('SIGKILL');
    await first.exited;

    const database = await startEmbeddedPostgres(dataDir, { persistent: false });
    try {
      const client = new pg.Client({ connectionString: database.url('postgres') });
      await client.connect();
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      await client.end();
    } finally {
      await database.stop();
    }
  });
});

describe('a process that loads the embedded PostgreSQL', () => {
  /** Runs `body` as an ES module that has loaded embedded.ts, and answers its exit code. */
  function runWithModuleLoaded(body: string) {
    const script = `await import(${JSON.stringify(new URL('./embedded.ts', import.meta.url).href)});\n${body}`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'ignore' });
    return new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  }

  // The test run's own process loads it (its global setup starts the database): a run whose tests failed
  // sets exit code 1 and lets the process end, and it once ended with 0, a failure reported as a success.
  it('ends with the exit code the process set, not 0', async () => {
    expect(await runWithModuleLoaded('process.exitCode = 3;')).toBe(3);
  });

  it.each([
    ['an uncaught error', "setTimeout(() => { throw new Error('a bug'); });", 1],
    [
      'SIGTERM, when it has no handler of its own',
      "process.kill(process.pid, 'SIGTERM'); setInterval(() => {}, 1000);",
      143,
    ],
  ])('that ends on %s takes its server with it', async (_, ending, exitCode) => {
    const dataDir = await openDataFolder();
    const started = `const database = await startEmbeddedPostgres(${JSON.stringify(dataDir)});`;
    const body = `const { startEmbeddedPostgres } = await import(${JSON.stringify(new URL('./embedded.ts', import.meta.url).href)});\n${started}\n${ending}`;
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    try {
      expect(await runWithModuleLoaded(body)).toBe(exitCode);
      // PostgreSQL takes its postmaster.pid away as the last step of its shutdown.
      await vi.waitFor(async () => expect(await fs.stat(pidFile).catch(() => null)).toBeNull(), {
        timeout: 15_000,
        interval: 50,
      });
    } finally {
      await endLeftServer(pidFile);
    }
  });
});

describe('a stop asked while PostgreSQL is being started again', () => {
  // The platform exits as soon as the stop returns (a SIGTERM's shutdown): a server that comes up after it,
  // or is still coming up, would be left running with nobody to end it.
  it('returns only once nothing it was starting can still come up, and leaves no server running', async () => {
    const dataDir = await openDataFolder();
    // Kept files, as the platform keeps them: nothing to remove makes the stop as quick as it gets.
    const database = await startEmbeddedPostgres(dataDir);
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    try {
      const killed = database.postmaster();
      const exited = new Promise((resolve) => killed?.once('exit', resolve));
      killed?.kill('SIGKILL');
      await exited;

      let isRestartSettled = false;
      const restarting = database.restart().finally(() => {
        isRestartSettled = true;
      });
      restarting.catch(() => {});
      // At once, as a shutdown would: the restart has not spawned its server yet.
      await database.stop();

      expect(isRestartSettled).toBe(true);
      expect(database.postmaster()).toBeNull();
      // The killed server's postmaster.pid stays; the one it names, or a newer one's, is not running.
      const named = await pidIn(pidFile);
      expect(named > 0 && isProcessAlive(named), `PostgreSQL ${named} is still running`).toBe(false);
    } finally {
      await endLeftServer(pidFile);
    }
  }, 60_000);
});
