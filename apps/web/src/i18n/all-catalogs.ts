import type { TLanguage } from '@mip/shared';
import type { TCatalog } from './catalogs';
import enUS from './en-US/index';
import ptPT from './pt-PT/index';

/** Both catalogs at once, for the tests that compare them; the app loads one language at a time (loadCatalog). */
export const CATALOGS: Record<TLanguage, TCatalog> = { 'pt-PT': ptPT, 'en-US': enUS };
