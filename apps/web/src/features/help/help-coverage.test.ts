import { helpUrlOf, LANGUAGES } from '@mip/shared';
import { HELP_CATALOG_ARTICLES, HELP_PAGES } from '@mip/shared/help-catalog/index';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../../app/routes';

// The help button is in the console layout's side menu: the sign-in screens and the bare sign-out have none.
const helpedRoutes = APP_ROUTES.filter((route) => route.layout === 'console');
const pageKeys = new Set(helpedRoutes.map((route) => helpUrlOf(route.path)));

describe('the help the server seeds', () => {
  it.each(helpedRoutes.map((route) => [route.path, helpUrlOf(route.path)]))(
    'has an article for %s (%s) in every language',
    (_path, url) => {
      const languages = HELP_CATALOG_ARTICLES.filter((article) => article.url === url).map((a) => a.language);
      expect(languages.sort()).toEqual([...LANGUAGES].sort());
    },
  );

  it('is keyed only on pages that exist, once each', () => {
    const urls = HELP_PAGES.map((page) => page.url);
    expect(urls.filter((url) => !pageKeys.has(url))).toEqual([]);
    expect(urls.filter((url, index) => urls.indexOf(url) !== index)).toEqual([]);
  });
});
