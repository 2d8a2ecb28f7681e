import { defineProject } from 'vitest/config';
import { TEST_FILES_SIDE_BY_SIDE } from '../../vitest.workers.ts';

// The files share the modules they import (no file replaces one): loading them again for each file was
// most of the project's time (4.6 s → 1.1 s).
export default defineProject({
  test: { name: 'shared', include: ['src/**/*.test.ts'], isolate: false, maxWorkers: TEST_FILES_SIDE_BY_SIDE },
});
