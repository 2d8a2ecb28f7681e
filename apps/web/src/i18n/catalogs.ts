import type { TLanguage } from '@mip/shared';

export type TCatalog = { [key: string]: string | TCatalog };

/**
 * Each feature keeps its texts in its own file per language (`pt-PT/users.json`
 * …); they are merged into one catalog per language. Two files may not define
 * the same key: the merge refuses, so one text can never silently replace another.
 */
export function mergeCatalogFiles(files: Record<string, { default: TCatalog }>): TCatalog {
  const merged: TCatalog = {};
  const mergeInto = (target: TCatalog, source: TCatalog, path: string, file: string) => {
    for (const [key, value] of Object.entries(source)) {
      const at = path ? `${path}.${key}` : key;
      const existing = target[key];
      if (typeof value === 'string') {
        if (existing !== undefined) throw new Error(`"${at}" is defined twice (again in ${file})`);
        target[key] = value;
      } else {
        if (typeof existing === 'string') throw new Error(`"${at}" is defined twice (again in ${file})`);
        const child = (existing as TCatalog | undefined) ?? {};
        target[key] = child;
        mergeInto(child, value, at, file);
      }
    }
  };
  for (const [file, module] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    mergeInto(merged, module.default, '', file);
  }
  return merged;
}

/** One language's catalog, fetched when it is first needed (pt-PT/index.ts, en-US/index.ts: one chunk each). */
export async function loadCatalog(language: TLanguage): Promise<TCatalog> {
  const module = language === 'en-US' ? await import('./en-US/index') : await import('./pt-PT/index');
  return module.default;
}
