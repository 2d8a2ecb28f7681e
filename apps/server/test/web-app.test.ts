import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInNewUser } from './factories.ts';
import { useTestApp } from './test-app.ts';
import { builtWebApp } from './web-dist.ts';

const t = useTestApp({ WEB_DIST: builtWebApp() });

describe('the built web app', () => {
  it('sends scripts compressed as built, cached for good, to browsers that accept it', async () => {
    const response = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('map home');
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const response = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toContain('map home');
  });

  it('answers any page of the app with index.html, compressed and revalidated', async () => {
    const response = await t.app.inject({ url: '/incidents', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('does not turn a missing asset into the app page', async () => {
    const response = await t.app.inject({ url: '/assets/missing-000.js' });
    expect(response.statusCode).toBe(404);
  });
});

describe("the map home's early frame", () => {
  let admin: { authorization: string };
  beforeAll(async () => {
    admin = await signInNewUser(t, { permissions: ['WRITE_CONFIGURATION'] });
  });

  const saveConfiguration = async (pairs: { name: string; value: string }[]) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/configuration/',
      headers: { authorization: admin.authorization },
      payload: { pairs },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const frameOf = (page: string) => page.match(/<div id="app-shell"[\s\S]*?<\/div>/)?.[0] ?? null;

  it("is in the map home's page, with the platform's title and logo, before the app's own root", async () => {
    const response = await t.app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const frame = frameOf(response.body);
    expect(frame).toContain('<span>Plataforma de Mobilidade</span>');
    expect(frame).toContain('<img src="/api/configuration/public/appicon?type=SVG" alt="">');
    // Hidden from screen readers (the app's own frame is what they read), and dark only as the device asks.
    expect(frame).toContain('aria-hidden="true"');
    expect(frame).toContain('@media (prefers-color-scheme:dark)');
    expect(response.body.indexOf('id="app-shell"')).toBeLessThan(response.body.indexOf('id="root"'));
  });

  it('shows the title the administrator saved, as text, and stays light when dark mode is not allowed', async () => {
    await saveConfiguration([
      { name: 'app.appTitle', value: JSON.stringify('<b>Mobilidade</b> & "Porto"') },
      { name: 'app.allowDarkMode', value: 'false' },
    ]);
    try {
      const frame = frameOf((await t.app.inject({ url: '/' })).body);
      expect(frame).toContain('<span>&lt;b&gt;Mobilidade&lt;/b&gt; &amp; &quot;Porto&quot;</span>');
      expect(frame).not.toContain('prefers-color-scheme');
    } finally {
      await saveConfiguration([
        { name: 'app.appTitle', value: JSON.stringify('Plataforma de Mobilidade') },
        { name: 'app.allowDarkMode', value: 'true' },
      ]);
    }
  });

  it("is only on the map home: the console's other pages are sent as built", async () => {
    const response = await t.app.inject({ url: '/incidents', headers: { 'accept-encoding': 'identity' } });
    expect(response.statusCode).toBe(200);
    expect(frameOf(response.body)).toBeNull();
    expect(response.body).toContain('<!--app-shell-->');
  });
});
