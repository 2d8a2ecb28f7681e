import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ESM_PACKAGES_RESOLVED_DIRECTLY, resolveInsideEsmPackage } from './module-loading.ts';

const require = createRequire(import.meta.url);

/** The package's root: where its main entry is (its package.json may not be exported). */
function packageFolder(name: string): string {
  return path.dirname(require.resolve(name));
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((file) => path.join(folder, file));
}

const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;

describe('module loading: the packages whose lookups are skipped still load as Node would load them', () => {
  for (const name of ESM_PACKAGES_RESOLVED_DIRECTLY) {
    it(`${name}: one package.json of "type": "module", and every relative import of its ES modules is a ".js" file that exists`, () => {
      const folder = packageFolder(name);
      const files = filesUnder(folder);
      expect(files.filter((file) => path.basename(file) === 'package.json')).toEqual([
        path.join(folder, 'package.json'),
      ]);
      expect(JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')).type).toBe('module');
      const modules = files.filter((file) => file.endsWith('.js'));
      expect(modules.length).toBeGreaterThan(100);
      const broken: string[] = [];
      for (const file of modules) {
        for (const [, specifier] of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
          const target = fileURLToPath(new URL(specifier, pathToFileURL(file)));
          if (!specifier.endsWith('.js') || !files.includes(target)) broken.push(`${file}: ${specifier}`);
        }
      }
      expect(broken).toEqual([]);
    });
  }

  it('a relative import inside drizzle-orm is answered directly; any other goes to Node', () => {
    const parentURL = pathToFileURL(path.join(packageFolder('drizzle-orm'), 'index.js')).href;
    const next = () => ({ url: 'node:asked-node' });
    const context = { conditions: ['import'], importAttributes: {}, parentURL };
    expect(resolveInsideEsmPackage('./sql/sql.js', context, next)).toEqual({
      url: new URL('./sql/sql.js', parentURL).href,
      format: 'module',
      shortCircuit: true,
    });
    expect(resolveInsideEsmPackage('pg', context, next).url).toBe('node:asked-node');
    const elsewhere = { ...context, parentURL: pathToFileURL(import.meta.filename).href };
    expect(resolveInsideEsmPackage('./module-loading.ts', elsewhere, next).url).toBe('node:asked-node');
  });

  it('with the hook on, a new process builds a query with drizzle', () => {
    const script = `
      const { speedUpModuleLoading } = await import(${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, 'module-loading.ts')).href)});
      speedUpModuleLoading();
      const { drizzle } = await import('drizzle-orm/node-postgres');
      const { sql } = await import('drizzle-orm');
      const db = drizzle.mock();
      console.log(db.execute.name && sql\`select \${1} as one\`.queryChunks.length);
    `;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: import.meta.dirname,
      encoding: 'utf8',
    });
    expect(output.trim()).toBe('3');
  });
});
