import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('the GTFS worker thread', () => {
  // Every check and every import starts one: what it loads is waited for each time.
  let modules: { shared: string[]; packages: string[]; server: string[] } | undefined;
  /**
   * The shared files, the packages and the server's files the worker's module loads as a thread started
   * for a check does (no swap preloaded), read once in a Node process of its own.
   */
  const loaded = () => {
    if (modules) return modules;
    const script = `
      import module from 'node:module';
      const shared = new Set();
      const packages = new Set();
      const server = new Set();
      module.registerHooks({
        resolve: (specifier, context, next) => {
          const resolved = next(specifier, context);
          if (resolved.url.includes('/packages/shared/')) shared.add(resolved.url.replace(/.*\\/packages\\/shared\\//, ''));
          if (resolved.url.includes('/apps/server/src/')) server.add(resolved.url.replace(/.*\\/apps\\/server\\/src\\//, ''));
          const name = /\\/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(resolved.url)?.[1];
          if (name) packages.add(name);
          return resolved;
        },
      });
      await import(${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, 'feed-worker.ts')).href)});
      console.log(JSON.stringify({ shared: [...shared].sort(), packages: [...packages].sort(), server: [...server].sort() }));
    `;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: import.meta.dirname,
      encoding: 'utf8',
    });
    modules = JSON.parse(output) as { shared: string[]; packages: string[]; server: string[] };
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

  it('loads neither Drizzle nor the schema for a check: a thread loads them for a swap or an import', () => {
    // A check starts as its upload ends; Drizzle and the schema's modules were a tenth of a second of its start.
    expect(loaded().packages).not.toContain('drizzle-orm');
    expect(loaded().server.filter((file) => file.startsWith('db/schema/') || file === 'http/audit.ts')).toEqual([]);
    expect(loaded().server).toContain('modules/gtfs/import/check-feed.ts');
  });
});
