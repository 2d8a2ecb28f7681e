import path from 'node:path';
import SERVER_NODE_FLAGS from '../../apps/server/node-flags.json' with { type: 'json' };
import { ensureWebBuilt } from '../../scripts/lib.mjs';
import type { TBenchContext } from './figures.ts';
import { progress, REPO_ROOT, startNodeScript, type TChildServer, waitForOk } from './processes.ts';

export const SERVER_MAIN = path.join(REPO_ROOT, 'apps', 'server', 'src', 'main.ts');
/** The demo administrator the first start creates, so figure groups can sign in as them. */
export const BENCH_ADMIN = { email: 'admin@bench.example', password: 'Bench-Admin-2026!' };

/** The environment the product starts with in the bench: embedded database in `dataDir`, defaults otherwise. */
function serverEnvironment(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    // Clients of the bench come from loopback: the per-client limits are on (their cost is in every figure) but
    // set beyond what any group sends, and the loopback "proxy" may name the client, as a real proxy does
    // (the widget flood comes from many visitor addresses).
    PUBLIC_RATE_LIMIT_PER_MINUTE: '100000000',
    WIDGET_RATE_LIMIT_PER_MINUTE: '100000000',
    TRUST_PROXY: '127.0.0.1',
  };
  // The bench measures the embedded database the product starts with by default, and talks to nothing else.
  delete env.DATABASE_URL;
  delete env.DEMO_DATA;
  delete env.SMTP_URL;
  return env;
}

/** The platform the startup group left running, or one started now for a group run on its own. */
export async function ensurePlatform(context: TBenchContext): Promise<TChildServer> {
  if (context.platform) return context.platform;
  progress('starting the platform (the startup group did not run)…');
  context.platform = (await startPlatform(context.dataDir, 180_000)).server;
  return context.platform;
}

/** Starts the platform and answers it with the milliseconds from spawn to the first 200 from /api/health. */
export async function startPlatform(
  dataDir: string,
  timeoutMs: number,
): Promise<{ server: TChildServer; readyMs: number }> {
  // The platform serves the web app only when it found a build as it started (app.ts): a build made after the
  // start, by a map group on a fresh clone, was never served. A stale one would be measured for today's.
  if (ensureWebBuilt() !== 0) throw new Error('the web app did not build');
  // With the Node options npm start gives it: the figures are the product's.
  const server = await startNodeScript(SERVER_MAIN, serverEnvironment(dataDir), SERVER_NODE_FLAGS);
  try {
    const readyAt = await waitForOk(server, '/api/health', timeoutMs);
    return { server, readyMs: Math.round(readyAt - server.spawnedAt) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
