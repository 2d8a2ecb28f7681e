import { defineProject } from 'vitest/config';
import { TEST_FILES_SIDE_BY_SIDE } from '../vitest.workers.ts';

export default defineProject({
  test: { name: 'bench', include: ['src/**/*.test.ts'], maxWorkers: TEST_FILES_SIDE_BY_SIDE },
});
