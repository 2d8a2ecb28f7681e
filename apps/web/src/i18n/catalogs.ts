import type { TLanguage } from '@mip/shared';

type TCatalog = { [key: string]: string | TCatalog };

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

export const CATALOGS: Record<TLanguage, TCatalog> = {
  'pt-PT': mergeCatalogFiles(import.meta.glob<{ default: TCatalog }>('./pt-PT/*.json', { eager: true })),
  'en-US': mergeCatalogFiles(import.meta.glob<{ default: TCatalog }>('./en-US/*.json', { eager: true })),
};
