import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { signInNewUser } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();

let writer: string;
let reader: string;

beforeAll(async () => {
  writer = (await signInNewUser(t, { permissions: ['WRITE_HELP'] })).authorization;
  reader = (await signInNewUser(t, { permissions: [] })).authorization;
});

type TQuery = Record<string, string>;

function call(method: 'GET' | 'PUT' | 'DELETE', path: string, query: TQuery, authorization?: string, payload?: object) {
  const headers = authorization ? { authorization } : {};
  return t.app.inject({ method, url: `/api${path}`, query, headers, payload });
}

const article = (overrides: Record<string, unknown> = {}) => ({
  title: 'Lista de utilizadores',
  category: 'Utilizadores',
  contents: '<p>Procure pelo nome ou email.</p>',
  ...overrides,
});

const putArticle = (query: TQuery, body: object = article(), authorization = writer) =>
  call('PUT', '/help/', query, authorization, body);

describe('GET /api/help/list', () => {
  it("answers anyone one language's articles, by category and then title", async () => {
    await putArticle({ language: 'pt-PT', url: '/user' }, article({ title: 'Utilizadores', category: 'Entidades' }));
    await putArticle({ language: 'pt-PT', url: '/entity' }, article({ title: 'Entidades', category: 'Entidades' }));
    await putArticle({ language: 'pt-PT', url: '/' }, article({ title: 'O mapa', category: 'Âmbito geral' }));
    await putArticle({ language: 'en-US', url: '/user' }, article({ title: 'Users', category: 'Entities' }));

    const response = await call('GET', '/help/list', { language: 'pt-PT' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      { url: '/', title: 'O mapa', category: 'Âmbito geral' },
      { url: '/entity', title: 'Entidades', category: 'Entidades' },
      { url: '/user', title: 'Utilizadores', category: 'Entidades' },
    ]);
    const english = await call('GET', '/help/list', { language: 'en-US' }, reader);
    expect(english.json()).toEqual([{ url: '/user', title: 'Users', category: 'Entities' }]);
  });

  it('asks for a language it knows', async () => {
    expectFieldError(await call('GET', '/help/list', {}), 'language', 'MISSING_LANGUAGE');
    expectFieldError(await call('GET', '/help/list', { language: 'fr-FR' }), 'language', 'INVALID_LANGUAGE');
  });
});

describe('GET /api/help/', () => {
  it("answers a visitor the page's article in their language", async () => {
    await putArticle({ language: 'en-US', url: '/import-gtfs' }, article({ title: 'Importing a GTFS feed' }));
    const response = await call('GET', '/help/', { language: 'en-US', url: '/import-gtfs' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      url: '/import-gtfs',
      language: 'en-US',
      title: 'Importing a GTFS feed',
      category: 'Utilizadores',
      contents: '<p>Procure pelo nome ou email.</p>',
      updatedAt: expect.any(String),
    });
  });

  it('answers 404 for a page without an article in that language', async () => {
    await putArticle({ language: 'en-US', url: '/layers' });
    expectError(await call('GET', '/help/', { language: 'pt-PT', url: '/layers' }), 404, 'NOT_FOUND');
  });

  it('takes only the key the help modal makes of a path: two segments, no digits', async () => {
    expectFieldError(await call('GET', '/help/', { language: 'pt-PT' }), 'url', 'MISSING_URL');
    for (const url of ['user', '/entity/12', '/user/', '/a/b/c', '//user', 'x'.repeat(201)]) {
      expectFieldError(await call('GET', '/help/', { language: 'pt-PT', url }), 'url', 'INVALID_URL');
    }
  });
});

describe('PUT /api/help/', () => {
  const key = { language: 'pt-PT', url: '/user/create' };

  it('needs a session, and WRITE_HELP', async () => {
    expectError(await call('PUT', '/help/', key, undefined, article()), 401, 'UNAUTHORIZED');
    expectError(await putArticle(key, article(), reader), 403, 'FORBIDDEN');
    expectError(await call('GET', '/help/', key), 404, 'NOT_FOUND');
  });

  it('creates the article with its rich text sanitised, and audits the creation', async () => {
    const contents =
      '<h2>Criar</h2><ul><li><p>Nome</p></li></ul><p><a href="https://example.org/ajuda" target="_blank" ' +
      'rel="noopener noreferrer nofollow">Guia</a> <a href="javascript:alert(1)">mau</a></p>' +
      '<img src="https://example.org/a.png" alt="Ecrã" title="Ecrã" onerror="steal()">' +
      '<table><tbody><tr><th colspan="1" rowspan="1"><p>Campo</p></th></tr><tr><td><p>Email</p></td></tr></tbody></table>' +
      '<script>alert(1)</script><p style="color:red" onclick="steal()">Fim</p>';
    const response = await putArticle(key, article({ title: '  Criar utilizador  ', contents }));
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json();
    expect(saved).toMatchObject({ url: '/user/create', language: 'pt-PT', title: 'Criar utilizador' });
    expect(saved.contents).toContain('<h2>Criar</h2>');
    expect(saved.contents).toContain('<ul><li><p>Nome</p></li></ul>');
    expect(saved.contents).toContain(
      '<a href="https://example.org/ajuda" target="_blank" rel="noopener noreferrer nofollow">Guia</a>',
    );
    expect(saved.contents).toContain('<img src="https://example.org/a.png" alt="Ecrã" title="Ecrã" />');
    expect(saved.contents).toContain('<th colspan="1" rowspan="1"><p>Campo</p></th>');
    expect(saved.contents).not.toMatch(/script|javascript|onerror|onclick|style=/);
    expect((await call('GET', '/help/', key)).json().contents).toBe(saved.contents);

    const [audit] = (await findAuditRows(t.db, 'CREATE', 'help_article')).filter(
      (row) => row.record_id === 'pt-PT:/user/create',
    );
    expect(audit.after).toMatchObject({
      title: 'Criar utilizador',
      category: 'Utilizadores',
      contents: saved.contents,
    });
  });

  it('replaces the article, answers the new content and audits only what changed', async () => {
    const update = article({ title: 'Criar utilizador', contents: '<p>Texto novo.</p>' });
    const response = await putArticle(key, update);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ title: 'Criar utilizador', contents: '<p>Texto novo.</p>' });
    expect((await call('GET', '/help/', key, reader)).json().contents).toBe('<p>Texto novo.</p>');

    const updates = (await findAuditRows(t.db, 'UPDATE', 'help_article')).filter(
      (row) => row.record_id === 'pt-PT:/user/create',
    );
    expect(updates).toHaveLength(1);
    expect(updates[0].after).toEqual({ contents: '<p>Texto novo.</p>' });
    expect(Object.keys(updates[0].before as object)).toEqual(['contents']);
  });

  it('names each missing field with its own code, all at once', async () => {
    const response = await putArticle(key, { title: ' ', category: '', contents: '' });
    expectFieldError(response, 'title', 'MISSING_TITLE');
    expectFieldError(response, 'category', 'MISSING_CATEGORY');
    expectFieldError(response, 'contents', 'MISSING_CONTENTS');
    expectFieldError(await putArticle(key, {}), 'title', 'MISSING_TITLE');
  });

  it('refuses contents that say nothing once sanitised', async () => {
    for (const contents of ['<p></p>', '<p> &nbsp; </p><h2></h2>', '<script>alert(1)</script>']) {
      expectFieldError(await putArticle(key, article({ contents })), 'contents', 'MISSING_CONTENTS');
    }
    expect((await call('GET', '/help/', key)).json().contents).toBe('<p>Texto novo.</p>');
  });

  it('refuses a title or category too long', async () => {
    expectFieldError(await putArticle(key, article({ title: 'x'.repeat(201) })), 'title', 'TOO_LONG');
    expectFieldError(await putArticle(key, article({ category: 'x'.repeat(101) })), 'category', 'TOO_LONG');
  });

  it('keeps the languages apart', async () => {
    const english = { language: 'en-US', url: '/user/create' };
    await putArticle(english, article({ title: 'Creating a user', contents: '<p>English.</p>' }));
    expect((await call('GET', '/help/', key)).json().contents).toBe('<p>Texto novo.</p>');
    expect((await call('GET', '/help/', english)).json().title).toBe('Creating a user');
  });
});

describe('DELETE /api/help/', () => {
  const key = { language: 'pt-PT', url: '/sprite' };

  it('needs a session, and WRITE_HELP', async () => {
    await putArticle(key);
    expectError(await call('DELETE', '/help/', key), 401, 'UNAUTHORIZED');
    expectError(await call('DELETE', '/help/', key, reader), 403, 'FORBIDDEN');
    expect((await call('GET', '/help/', key)).statusCode).toBe(200);
  });

  it('deletes the article of that language only, and audits it with what it held', async () => {
    await putArticle({ language: 'en-US', url: '/sprite' }, article({ title: 'Sprites' }));
    const response = await call('DELETE', '/help/', key, writer);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expectError(await call('GET', '/help/', key), 404, 'NOT_FOUND');
    expect((await call('GET', '/help/', { language: 'en-US', url: '/sprite' })).json().title).toBe('Sprites');

    const [audit] = (await findAuditRows(t.db, 'DELETE', 'help_article')).filter(
      (row) => row.record_id === 'pt-PT:/sprite',
    );
    expect(audit.before).toMatchObject({
      title: 'Lista de utilizadores',
      contents: '<p>Procure pelo nome ou email.</p>',
    });
  });

  it('answers 404 for an article that is not there', async () => {
    expectError(await call('DELETE', '/help/', key, writer), 404, 'NOT_FOUND');
  });
});
