import path from 'node:path';
import { REPO_ROOT, startNodeScript, type TChildServer, waitForOk } from './processes.ts';

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
  };
  // The bench measures the embedded database the product starts with by default, and talks to nothing else.
  delete env.DATABASE_URL;
  delete env.DEMO_DATA;
  delete env.SMTP_URL;
  return env;
}

/** Starts the platform and answers it with the milliseconds from spawn to the first 200 from /api/health. */
export async function startPlatform(
  dataDir: string,
  timeoutMs: number,
): Promise<{ server: TChildServer; readyMs: number }> {
  const server = await startNodeScript(SERVER_MAIN, serverEnvironment(dataDir));
  try {
    const readyAt = await waitForOk(server, '/api/health', timeoutMs);
    return { server, readyMs: Math.round(readyAt - server.spawnedAt) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
