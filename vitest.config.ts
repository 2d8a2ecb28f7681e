import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'bench'],
    // The server's test files wait on their database and on timers far more than they compute: on a 2-core
    // machine one file per core left the cores 40 % idle (316 s → 191 s at four files side by side). Three,
    // not more: each file runs an app with its pools and its job workers, and PostgreSQL's default
    // max_connections (100) must hold them all (79 at most seen at three, 92 at four).
    maxWorkers: 3,
  },
});
