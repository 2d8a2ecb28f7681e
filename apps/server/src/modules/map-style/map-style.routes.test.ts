import { describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { createApplication } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();

describe('GET /api/configuration/public/map-style', () => {
  it('answers an offline MapLibre style to anyone: no URL to fetch, no labels that need glyphs', async () => {
    for (const type of ['LIGHT', 'DARK']) {
      const response = await t.app.inject({ url: '/api/configuration/public/map-style', query: { type } });
      expect(response.statusCode, response.body).toBe(200);
      const style = response.json();
      expect(style.version).toBe(8);
      expect(style.glyphs).toBeUndefined();
      expect(style.layers.map((layer: { type: string }) => layer.type)).not.toContain('symbol');
      expect(response.body).not.toMatch(/https?:\/\//);
      expect(
        style.sources.countries.data.features.some(
          (f: { properties: { name: string } }) => f.properties.name === 'Portugal',
        ),
      ).toBe(true);
    }
  });

  it('draws dark and light differently, defaults to light, and answers 304 to a repeated request', async () => {
    const light = await t.app.inject({ url: '/api/configuration/public/map-style' });
    const dark = await t.app.inject({ url: '/api/configuration/public/map-style', query: { type: 'DARK' } });
    expect(light.json().layers[0].paint['background-color']).not.toBe(dark.json().layers[0].paint['background-color']);
    expect(light.json().name).toBe('Base light');
    const again = await t.app.inject({
      url: '/api/configuration/public/map-style',
      headers: { 'if-none-match': String(light.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('refuses an unknown type', async () => {
    const response = await t.app.inject({ url: '/api/configuration/public/map-style', query: { type: 'SEPIA' } });
    expectFieldError(response, 'type', 'INVALID_VALUE');
  });
});

describe('GET /api/applications/{appId}/map-style', () => {
  it('answers the style for an application, and 404 for an unknown one', async () => {
    const application = await createApplication(t.db, []);
    const response = await t.app.inject({
      url: `/api/applications/${application.id}/map-style`,
      query: { type: 'DARK' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe('Base dark');
    expectError(await t.app.inject({ url: '/api/applications/2147483647/map-style' }), 404, 'NOT_FOUND');
  });
});
