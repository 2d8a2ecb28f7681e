import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPLACING_MODULES as WEB_REPLACING_MODULES } from '../../web/vitest.config.ts';
import { REPLACING_MODULES } from '../vitest.config.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

/** Each Vitest project whose files share their modules within a worker, and the files that run apart. */
const PROJECTS = [
  { root: 'apps/server', folders: ['src', 'test'], replacing: REPLACING_MODULES },
  { root: 'apps/web', folders: ['src'], replacing: WEB_REPLACING_MODULES },
  { root: 'packages/shared', folders: ['src'], replacing: [] },
];

describe('test files that replace a module', () => {
  for (const project of PROJECTS) {
    it(`${project.root}: each runs with modules of its own`, () => {
      // The other files share their modules within a worker: a vi.mock there would replace a module already
      // loaded for (and by) other files, or not take at all.
      const projectRoot = path.join(REPO_ROOT, project.root);
      const testFiles = project.folders.flatMap((folder) =>
        readdirSync(path.join(projectRoot, folder), { recursive: true, encoding: 'utf8' })
          .filter((file) => file.endsWith('.test.ts'))
          .map((file) => path.posix.join(folder, file.split(path.sep).join('/'))),
      );
      const replacing = testFiles.filter((file) =>
        /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(projectRoot, file), 'utf8')),
      );
      expect(replacing.sort()).toEqual([...project.replacing].sort());
    });
  }
});
