import { defineConfig } from 'vitest/config';
import { TEST_FILES_SIDE_BY_SIDE } from './vitest.workers.ts';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'bench'],
    maxWorkers: TEST_FILES_SIDE_BY_SIDE,
  },
});
