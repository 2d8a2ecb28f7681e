import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
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
