import { defineConfig } from 'vitest/config';
import { moduleSharingProjects } from '../../vitest.module-sharing.ts';
import { TEST_FILES_SIDE_BY_SIDE } from '../../vitest.workers.ts';

/** Test files that replace a module of the app (vi.mock): the module must be loaded afresh for them. */
export const REPLACING_MODULES = ['src/modules/auth/throttle.routes.test.ts'];

export default defineConfig({
  test: {
    name: 'server',
    globalSetup: ['test/global-setup.ts'],
    // Each file gets its own database cloned from the migrated template, so files run in parallel safely.
    testTimeout: 20_000,
    maxWorkers: TEST_FILES_SIDE_BY_SIDE,
    hookTimeout: 60_000,
    // The files of one worker share the app's modules instead of loading them again for each file: that was
    // a third of the suite's time (320 → 200 s). Each file still builds its own app on its own database, and
    // the app keeps its state in what it builds, not in its modules.
    projects: moduleSharingProjects(['src/**/*.test.ts', 'test/**/*.test.ts'], REPLACING_MODULES),
  },
});
