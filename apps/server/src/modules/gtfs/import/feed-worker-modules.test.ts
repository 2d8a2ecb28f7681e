import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('the GTFS worker thread', () => {
  // Every check and every import starts one: what it loads is waited for each time.
  let modules: { shared: string[]; packages: string[] } | undefined;
  /** The shared files and the packages the worker's module loads, read once in a Node process of its own. */
  const loaded = () => {
    if (modules) return modules;
    const script = `
      import module from 'node:module';
      const shared = new Set();
      const packages = new Set();
      module.registerHooks({
        resolve: (specifier, context, next) => {
          const resolved = next(specifier, context);
          if (resolved.url.includes('/packages/shared/')) shared.add(resolved.url.replace(/.*\\/packages\\/shared\\//, ''));
          const name = /\\/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(resolved.url)?.[1];
          if (name) packages.add(name);
          return resolved;
        },
      });
      await import(${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, 'feed-worker.ts')).href)});
      console.log(JSON.stringify({ shared: [...shared].sort(), packages: [...packages].sort() }));
    `;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: import.meta.dirname,
      encoding: 'utf8',
    });
    modules = JSON.parse(output) as { shared: string[]; packages: string[] };
    return modules;
  };

  it("loads what it runs, not the shared package's index", () => {
    // The index builds every zod schema of the product as it loads (70–100 ms); the worker needs two lists.
    expect(loaded().shared).toEqual(['src/gtfs-issue-codes.ts', 'src/service-days.ts']);
  });

  it('loads neither zod nor the HTTP framework: it answers no request', () => {
    // They came with the HTTP error handler, through the errors a service throws (zod alone: 82 modules).
    expect(loaded().packages.filter((name) => /zod|fastify/.test(name))).toEqual([]);
  });
});
