import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('the GTFS worker thread', () => {
  it("loads what it runs, not the shared package's index: every check and every import starts one", () => {
    // The index builds every zod schema of the product as it loads (70–100 ms); the worker needs two lists.
    const script = `
      import module from 'node:module';
      const shared = new Set();
      module.registerHooks({
        resolve: (specifier, context, next) => {
          const resolved = next(specifier, context);
          if (resolved.url.includes('/packages/shared/')) shared.add(resolved.url.replace(/.*\\/packages\\/shared\\//, ''));
          return resolved;
        },
      });
      await import(${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, 'feed-worker.ts')).href)});
      console.log(JSON.stringify([...shared].sort()));
    `;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: import.meta.dirname,
      encoding: 'utf8',
    });
    expect(JSON.parse(output)).toEqual(['src/gtfs-issue-codes.ts', 'src/service-days.ts']);
  });
});
