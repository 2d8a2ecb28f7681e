import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SHUTDOWN_MODULE = path.join(import.meta.dirname, 'shutdown.ts');

/**
 * Runs a shutdown in a process of its own (it ends by exiting): its first step leaves behind what pg-boss
 * leaves when it closes its LISTEN connection to a PostgreSQL that is already gone — a client whose
 * listeners were taken off, on which the dead socket's error arrives a moment later.
 */
function shutDownWithAStrayError() {
  const script = `
    import { EventEmitter } from 'node:events';
    import { createShutdown } from ${JSON.stringify(SHUTDOWN_MODULE)};
    const shutdown = createShutdown({ timeoutSeconds: 5, log: (m) => console.error(m), onDeadline: () => {} });
    shutdown.add('the database', async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      console.log('the database stopped');
    });
    shutdown.add('the job queue', () => {
      const client = new EventEmitter();
      setTimeout(() => client.emit('error', new Error('terminating connection due to unexpected postmaster exit')), 10);
    });
    void shutdown.run('SIGTERM');
  `;
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
}

describe('the shutdown', () => {
  it('goes on to stop what is left, and exits 0, when a connection it closed errors with nobody listening', () => {
    const result = shutDownWithAStrayError();
    expect(result.stdout, result.stderr).toContain('the database stopped');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain('while shutting down: terminating connection due to unexpected postmaster exit');
  });
});
