import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each file gets its own database cloned from the migrated template, so files run in parallel safely.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
