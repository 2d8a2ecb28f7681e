import { defineConfig } from 'vitest/config';

const TEST_FILES = ['src/**/*.test.ts'];

/** Test files that replace a module of the app (vi.mock): the module must be loaded afresh for them. */
export const REPLACING_MODULES = ['src/features/statistics/usage-session.test.ts'];

export default defineConfig({
  test: {
    name: 'web',
    projects: [
      {
        extends: true,
        test: {
          name: 'shared modules',
          include: TEST_FILES,
          exclude: ['**/node_modules/**', ...REPLACING_MODULES],
          // The files of one worker share the modules they import instead of loading them again each: the
          // 54 files' imports were almost all of their time (34 s → 5 s), their tests about a second.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'own modules', include: REPLACING_MODULES } },
    ],
  },
});
