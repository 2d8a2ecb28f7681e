import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { REPLACING_MODULES } from '../vitest.config.ts';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');

it('runs every test file that replaces a module with modules of its own', () => {
  // The other files share their modules within a worker: a vi.mock there would replace a module already
  // loaded for (and by) other files, or not take at all.
  const testFiles = ['src', 'test'].flatMap((folder) =>
    readdirSync(path.join(SERVER_ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => path.posix.join(folder, file.split(path.sep).join('/'))),
  );
  const replacing = testFiles.filter((file) =>
    /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(SERVER_ROOT, file), 'utf8')),
  );
  expect(replacing.sort()).toEqual([...REPLACING_MODULES].sort());
});
