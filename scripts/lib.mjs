// Helpers for the entry scripts. Plain JavaScript on purpose: on a fresh clone
// these run on whatever Node the machine has, before the project's own Node 24
// (the `node` devDependency) is installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PROJECT_NODE = path.join(ROOT, 'node_modules', '.bin', 'node');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  return result.status ?? 1;
}

/** Installs the dependencies when they are missing or older than the lock file. */
export function ensureInstalled() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  const isCurrent = existsSync(marker) && existsSync(PROJECT_NODE) && statSync(marker).mtimeMs >= newestMtime(lock);
  if (isCurrent) return;
  console.log('Installing dependencies (first run, or the lock file changed)…');
  // --include=dev: with NODE_ENV=production npm would leave out the build tool and the pinned Node 24,
  // which `npm start` needs as much as development does.
  const status = run(NPM, ['install', '--include=dev', '--no-audit', '--no-fund'], {
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  if (status !== 0) {
    console.error('npm install failed; see the messages above.');
    process.exit(status);
  }
}

/** Builds the web app when its build is missing or older than its sources. */
export function ensureWebBuilt({ force = false } = {}) {
  const built = newestMtime(path.join(ROOT, 'apps', 'web', 'dist', 'index.html'));
  const sources = Math.max(
    newestMtime(path.join(ROOT, 'apps', 'web', 'src')),
    newestMtime(path.join(ROOT, 'apps', 'web', 'index.html')),
    newestMtime(path.join(ROOT, 'apps', 'web', 'vite.config.ts')),
    newestMtime(path.join(ROOT, 'apps', 'web', 'public')),
    newestMtime(path.join(ROOT, 'packages', 'shared', 'src')),
  );
  if (!force && built > sources) return 0;
  console.log('Building the web app…');
  return runProject(WEB_BUILD, { cwd: WEB_DIR });
}

const WEB_DIR = path.join(ROOT, 'apps', 'web');
const WEB_BUILD = ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'];

/** Builds the web app afresh, alongside other work (see runProjectAsync). */
export function buildWebAsync() {
  return runProjectAsync(WEB_BUILD, { cwd: WEB_DIR });
}

/** Runs a script with the project's Node 24, whatever Node started us. */
export function runProject(args, options = {}) {
  return run(PROJECT_NODE, ...projectCommand(args, options));
}

/** runProject without blocking: answers its exit status once it ends, so several can run side by side. */
export function runProjectAsync(args, options = {}) {
  const child = spawn(PROJECT_NODE, ...projectCommand(args, { stdio: 'inherit', ...options }));
  return new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

/** The arguments (the script from the repository's root) and options (cwd, PATH) a project script runs with. */
function projectCommand(args, options) {
  const resolved = args.map((arg, index) => (index === 0 && !path.isAbsolute(arg) ? path.join(ROOT, arg) : arg));
  return [resolved, { ...options, cwd: options.cwd ?? ROOT, env: withProjectPath(options.env ?? process.env) }];
}

export function withProjectPath(env) {
  return { ...env, PATH: `${path.join(ROOT, 'node_modules', '.bin')}${path.delimiter}${env.PATH ?? ''}` };
}

/** Starts a long-running child with the project's Node and hands it our signals. */
/**
 * The Node options the server runs with, wherever it is started (npm start and dev, the bench, the browser
 * tests' platforms): apps/server/node-flags.json. V8 sizes the young generation from the machine's memory;
 * on 24 GB it grew past 130 MB while the server's modules load and kept it, a third of the idle server's
 * memory. 8 MB semi-spaces keep it at 24 MB, no slower on the server's work (README, "Memory").
 */
export const SERVER_NODE_FLAGS = JSON.parse(readFileSync(path.join(ROOT, 'apps/server/node-flags.json'), 'utf8'));

export function spawnProject(args, options = {}) {
  const child = spawn(PROJECT_NODE, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: withProjectPath(process.env),
    ...options,
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return child;
}
