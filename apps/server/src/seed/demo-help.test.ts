import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/factories.ts';
import { callerOf } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';
import { readConfig } from '../config.ts';
import { sanitizeRichHtml } from '../lib/rich-html.ts';
import { loadDemoData } from './demo-data.ts';
import { DEMO_HELP_ARTICLES } from './demo-help.ts';

const t = useTestApp();
const uploadDir = mkdtempSync(path.join(tmpdir(), 'mip-demo-help-'));
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

describe('the demo help', () => {
  it('is written in markup the sanitiser keeps whole: lists, tables and links survive', () => {
    for (const article of DEMO_HELP_ARTICLES) {
      expect(sanitizeRichHtml(article.contents), `${article.language} ${article.url}`).toBe(article.contents.trim());
    }
  });

  it('answers visitors the map, the user list and the GTFS import in both languages; the administrator may edit it', async () => {
    const credentials = await loadDemoData(
      t.db,
      readConfig({ UPLOAD_DIR: uploadDir, DEMO_DATA: 'true', ADMIN_PASSWORD: 'Admin-Pass-2026!' }),
      { DEMO_PASSWORD: 'Demo-Pass-2026!' },
    );
    const visitor = callerOf(t, '');
    for (const language of ['pt-PT', 'en-US']) {
      const list = (await visitor.get('/help/list', { language })).json();
      expect(list.map((item: { url: string }) => item.url).sort()).toEqual(['/', '/import-gtfs', '/user']);
      const map = await visitor.get('/help/', { language, url: '/' });
      expect(map.statusCode, map.body).toBe(200);
      expect(map.json().contents).toContain('<table>');
    }
    expect((await visitor.get('/help/', { language: 'en-US', url: '/user' })).json().title).toBe('Users');
    expect((await visitor.get('/help/', { language: 'pt-PT', url: '/user' })).json().title).toBe('Utilizadores');

    const admin = await signIn(t.app, credentials.admin.email, credentials.admin.password);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/help/',
      query: { language: 'pt-PT', url: '/user' },
      headers: { authorization: admin.authorization },
      payload: { title: 'Utilizadores', category: 'A minha entidade', contents: '<p>Revisto.</p>' },
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});
