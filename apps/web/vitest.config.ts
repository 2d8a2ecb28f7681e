import { defineConfig } from 'vitest/config';
import { moduleSharingProjects } from '../../vitest.module-sharing.ts';
import { TEST_FILES_SIDE_BY_SIDE } from '../../vitest.workers.ts';

/** Test files that replace a module of the app (vi.mock): the module must be loaded afresh for them. */
export const REPLACING_MODULES = ['src/features/statistics/usage-session.test.ts'];

export default defineConfig({
  test: {
    name: 'web',
    maxWorkers: TEST_FILES_SIDE_BY_SIDE,
    // The files of one worker share the modules they import instead of loading them again each: the 54
    // files' imports were almost all of their time (34 s → 5 s), their tests about a second.
    projects: moduleSharingProjects(['src/**/*.test.ts'], REPLACING_MODULES),
  },
});
