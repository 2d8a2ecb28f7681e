import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HELP_CATALOG_ARTICLES, type THelpCatalogArticle } from '@mip/shared/help-catalog/index';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.ts';
import { callerOf } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { MIGRATIONS_FOLDER } from '../../db/migrate.ts';
import { sanitizeRichHtml } from '../../lib/rich-html.ts';
import { deleteHelpArticle, readHelpArticle, saveHelpArticle } from './help.service.ts';
import { seedHelpArticles } from './help-seed.ts';

const t = useTestApp();

beforeEach(async () => {
  await t.db.execute(sql`delete from help_articles; delete from help_article_seeds`);
});

const pt = (url: string, contents: string, title = 'Artigo'): THelpCatalogArticle => ({
  url,
  language: 'pt-PT',
  title,
  category: 'Geral',
  contents: `<p>${contents}</p>`,
});

async function adminActor() {
  const user = await createUser(t.db, { permissions: ['WRITE_HELP'] });
  return { userId: user.id, impersonatorUserId: null, ip: null, userAgent: null };
}

const contentsOf = async (url: string, language: 'pt-PT' | 'en-US' = 'pt-PT') =>
  (await readHelpArticle(t.db, { language, url })).contents;

describe('the help catalogue', () => {
  it('is written in markup the sanitiser keeps whole: lists, tables and links survive', () => {
    for (const article of HELP_CATALOG_ARTICLES) {
      expect(sanitizeRichHtml(article.contents), `${article.language} ${article.url}`).toBe(article.contents);
    }
  });

  it('gives a new installation every article in both languages, which visitors read', async () => {
    const outcome = await seedHelpArticles(t.db);
    expect(outcome).toEqual({ inserted: HELP_CATALOG_ARTICLES.length, updated: 0, kept: 0 });

    const visitor = callerOf(t, '');
    for (const language of ['pt-PT', 'en-US']) {
      const list = (await visitor.get('/help/list', { language })).json();
      const urls = HELP_CATALOG_ARTICLES.filter((article) => article.language === language).map((a) => a.url);
      expect(list.map((item: { url: string }) => item.url).sort()).toEqual(urls.sort());
    }
    const map = await visitor.get('/help/', { language: 'en-US', url: '/' });
    expect(map.statusCode, map.body).toBe(200);
    expect(map.json().title).toBe('The map');
    expect((await visitor.get('/help/', { language: 'pt-PT', url: '/' })).json().title).toBe('O mapa');

    // A second start finds nothing to do.
    expect(await seedHelpArticles(t.db)).toEqual({ inserted: 0, updated: 0, kept: 0 });
  });

  it('brings the articles nobody touched up to date and leaves what administrators edited or deleted', async () => {
    await seedHelpArticles(t.db, [pt('/', 'Mapa v1'), pt('/user', 'Utilizadores v1'), pt('/role', 'Perfis v1')]);
    const actor = await adminActor();
    await saveHelpArticle(
      t.db,
      { language: 'pt-PT', url: '/user' },
      { title: 'Os nossos utilizadores', category: 'Equipa', contents: '<p>Escrito pela câmara.</p>' },
      actor,
    );
    await deleteHelpArticle(t.db, { language: 'pt-PT', url: '/role' }, actor);
    // A page the catalogue did not cover yet, written by an administrator meanwhile.
    await saveHelpArticle(
      t.db,
      { language: 'pt-PT', url: '/events' },
      { title: 'Ocorrências', category: 'Equipa', contents: '<p>Regras da casa.</p>' },
      actor,
    );

    const outcome = await seedHelpArticles(t.db, [
      pt('/', 'Mapa v2'),
      pt('/user', 'Utilizadores v2'),
      pt('/role', 'Perfis v2'),
      pt('/events', 'Ocorrências v2'),
      pt('/audit', 'Auditoria v2'),
    ]);

    expect(outcome).toEqual({ inserted: 1, updated: 1, kept: 3 });
    expect(await contentsOf('/')).toBe('<p>Mapa v2</p>');
    expect(await contentsOf('/user')).toBe('<p>Escrito pela câmara.</p>');
    await expect(readHelpArticle(t.db, { language: 'pt-PT', url: '/role' })).rejects.toMatchObject({ status: 404 });
    expect(await contentsOf('/events')).toBe('<p>Regras da casa.</p>');
    expect(await contentsOf('/audit')).toBe('<p>Auditoria v2</p>');

    // An article updated by the catalogue is again the catalogue's, so the next version reaches it too.
    await seedHelpArticles(t.db, [pt('/', 'Mapa v3'), pt('/user', 'Utilizadores v3')]);
    expect(await contentsOf('/')).toBe('<p>Mapa v3</p>');
    expect(await contentsOf('/user')).toBe('<p>Escrito pela câmara.</p>');
  });

  it('upgrades an installation seeded before the help was versioned, keeping the articles edited since', async () => {
    await createUser(t.db);
    const firstRun = sql`(select min(created_at) from users)`;
    // As the first run wrote them, in the transaction that created the first user, and then as staff left them.
    await t.db.execute(sql`
      insert into help_articles (language, url, title, category, contents, created_at, updated_at) values
        ('pt-PT', '/', 'O mapa', 'Mapa', '<p>Antigo.</p>', ${firstRun}, ${firstRun}),
        ('pt-PT', '/user', 'Utilizadores', 'A minha entidade', '<p>Revisto.</p>', ${firstRun}, now()),
        ('pt-PT', '/events', 'Ocorrências', 'Equipa', '<p>Nosso.</p>', now(), now())`);
    const migration = readFileSync(path.join(MIGRATIONS_FOLDER, '0029_help_article_seeds.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((statement) => /INSERT INTO/.test(statement));
    await t.db.$client.query(backfill ?? '');

    await seedHelpArticles(t.db);

    const catalogue = (url: string, language: 'pt-PT' | 'en-US' = 'pt-PT') =>
      HELP_CATALOG_ARTICLES.find((article) => article.url === url && article.language === language)?.contents;
    expect(await contentsOf('/')).toBe(catalogue('/'));
    expect(await contentsOf('/user')).toBe('<p>Revisto.</p>');
    expect(await contentsOf('/events')).toBe('<p>Nosso.</p>');
    expect(await contentsOf('/import-gtfs')).toBe(catalogue('/import-gtfs'));
    expect(await contentsOf('/user', 'en-US')).toBe(catalogue('/user', 'en-US'));
  });
});
