import module from 'node:module';

/**
 * ES-module packages whose own files import each other by relative paths
 * ending in ".js", with one package.json (its "type": "module") at the root.
 * For every file Node loads it looks the package's scope up again, parsing
 * the package.json's "exports" each time: drizzle-orm's is 179 KB, and its
 * ~150 files cost 2–4 s of every server start and of every GTFS worker's
 * (a tenth of that once skipped). module-loading.test.ts keeps the two
 * assumptions true across upgrades.
 */
export const ESM_PACKAGES_RESOLVED_DIRECTLY = ['drizzle-orm'] as const;

const PACKAGE_FOLDERS = ESM_PACKAGES_RESOLVED_DIRECTLY.map((name) => `/node_modules/${name}/`);

/** A relative import of a ".js" file inside one of those packages is that file, an ES module. */
export const resolveInsideEsmPackage: module.ResolveHookSync = (specifier, context, nextResolve) => {
  const parent = context.parentURL;
  if (
    parent &&
    (specifier.startsWith('./') || specifier.startsWith('../')) &&
    specifier.endsWith('.js') &&
    PACKAGE_FOLDERS.some((folder) => parent.includes(folder))
  ) {
    return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true };
  }
  return nextResolve(specifier, context);
};

/**
 * Before the first heavy import of a thread (the server's, a GTFS worker's):
 * V8's compiled code kept on disk, and the package lookups above skipped.
 */
export function speedUpModuleLoading(): void {
  module.enableCompileCache?.();
  module.registerHooks?.({ resolve: resolveInsideEsmPackage });
}
