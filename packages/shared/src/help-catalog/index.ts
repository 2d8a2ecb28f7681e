import type { TLanguage } from '../schemas/common.ts';
import { ACCOUNT_HELP } from './account.ts';
import { HELP_CATEGORIES } from './categories.ts';
import { DASHBOARD_HELP } from './dashboards.ts';
import { EVENT_HELP } from './events.ts';
import { MAP_HELP } from './map.ts';
import { MY_ENTITY_HELP } from './my-entity.ts';
import { SETTINGS_HELP } from './settings.ts';
import { SYSTEM_HELP } from './systems.ts';
import type { THelpPage } from './types.ts';

export type { THelpPage, THelpText } from './types.ts';

/**
 * The platform's own help: an article for every page of the console and the
 * map, in both languages. The server seeds it (and brings articles nobody has
 * edited up to date); it is not part of the web app, which reads help from the API.
 */
export const HELP_PAGES: readonly THelpPage[] = [
  ...MAP_HELP,
  ...ACCOUNT_HELP,
  ...SYSTEM_HELP,
  ...EVENT_HELP,
  ...MY_ENTITY_HELP,
  ...DASHBOARD_HELP,
  ...SETTINGS_HELP,
];

/** One row of help_articles as the server seeds it. */
export interface THelpCatalogArticle {
  url: string;
  language: TLanguage;
  title: string;
  category: string;
  contents: string;
}

/** Every page's article in each language, flattened into rows. */
export function toHelpCatalogArticles(pages: readonly THelpPage[]): THelpCatalogArticle[] {
  return pages.flatMap((page) =>
    (['pt-PT', 'en-US'] as const).map((language) => ({
      url: page.url,
      language,
      title: page[language].title,
      category: HELP_CATEGORIES[page.category][language],
      contents: page[language].contents.trim(),
    })),
  );
}

export const HELP_CATALOG_ARTICLES = toHelpCatalogArticles(HELP_PAGES);
