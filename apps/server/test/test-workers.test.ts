import path from 'node:path';
import { expect, it } from 'vitest';
import { createVitest } from 'vitest/node';
import { TEST_FILES_SIDE_BY_SIDE } from '../../../vitest.workers.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

it('every Vitest project runs its test files side by side', async () => {
  // A project that does not set it gets the cores less one: on two cores every file ran alone, one after
  // another, while the root config said three.
  const vitest = await createVitest('test', { root: REPO_ROOT, watch: false, run: true });
  try {
    const workers = Object.fromEntries(vitest.projects.map((project) => [project.name, project.config.maxWorkers]));
    expect(Object.keys(workers)).toContain('server (shared modules)');
    expect(workers).toEqual(Object.fromEntries(Object.keys(workers).map((name) => [name, TEST_FILES_SIDE_BY_SIDE])));
  } finally {
    await vitest.close();
  }
});
