import { mergeCatalogFiles, type TCatalog } from '../catalogs';

/** Every pt-PT text, in one chunk of its own: a visitor downloads only the language they read. */
const catalog: TCatalog = mergeCatalogFiles(import.meta.glob<{ default: TCatalog }>('./*.json', { eager: true }));
export default catalog;
