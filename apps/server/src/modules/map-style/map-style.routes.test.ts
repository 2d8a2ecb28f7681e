import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { afterEach, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { createApplication, signInNewUser } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();

async function readStyle(type = 'LIGHT') {
  const response = await t.app.inject({ url: '/api/configuration/public/map-style', query: { type } });
  expect(response.statusCode, response.body).toBe(200);
  const style = response.json();
  // The MapLibre style-spec validator: what the endpoint serves is a style the map can load.
  expect(validateStyleMin(style)).toEqual([]);
  return style;
}

async function configureBaseMap(url: string, attribution = '') {
  for (const [name, value] of [
    ['app.baseMapUrl', url],
    ['app.baseMapAttribution', attribution],
  ]) {
    await t.db.$client.query(
      'insert into configuration (name, value) values ($1, $2) on conflict (name) do update set value = $2',
      [name, JSON.stringify(value)],
    );
  }
  t.app.configurationCache.invalidate();
}

/** A style server on a free local port, as a map provider would be. */
async function serveStyle(body: unknown) {
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(body));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/style.json`, close: () => server.close() };
}

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

describe('a configured base map', () => {
  afterEach(() => configureBaseMap(''));

  it('validates with the style-spec validator when nothing is configured, light and dark', async () => {
    expect((await readStyle('LIGHT')).metadata['mip:offline']).toBe(true);
    expect((await readStyle('DARK')).metadata['mip:offline']).toBe(true);
  });

  it('draws a raster template over a plain background, with its attribution', async () => {
    const template = 'https://tiles.example.org/{z}/{x}/{y}.png';
    await configureBaseMap(template, '© OpenStreetMap contributors');
    const style = await readStyle('DARK');
    expect(style.sources.basemap).toMatchObject({
      type: 'raster',
      tiles: [template],
      tileSize: 256,
      attribution: '© OpenStreetMap contributors',
    });
    // The background comes first: where tiles cannot be had, the map still shows it.
    expect(style.layers.map((layer: { type: string }) => layer.type)).toEqual(['background', 'raster']);
  });

  it('serves a vector style fetched from its URL', async () => {
    const remote = {
      version: 8,
      name: 'Provider streets',
      sources: { streets: { type: 'vector', tiles: ['https://tiles.example.org/{z}/{x}/{y}.pbf'] } },
      layers: [
        { id: 'paper', type: 'background', paint: { 'background-color': '#f8f4f0' } },
        { id: 'roads', type: 'line', source: 'streets', 'source-layer': 'roads' },
      ],
    };
    const server = await serveStyle(remote);
    try {
      await configureBaseMap(server.url);
      expect(await readStyle()).toEqual(remote);
    } finally {
      server.close();
    }
  });

  it('falls back to the offline outlines when the style cannot be reached or is no style', async () => {
    const server = await serveStyle({ hello: 'world' });
    try {
      await configureBaseMap(server.url);
      expect((await readStyle()).metadata['mip:offline']).toBe(true);
    } finally {
      server.close();
    }
    await configureBaseMap('http://127.0.0.1:9/unreachable-style.json');
    expect((await readStyle()).metadata['mip:offline']).toBe(true);
  });

  it('refuses a base map URL that is not http(s)', async () => {
    const admin = await signInNewUser(t, { permissions: ['WRITE_CONFIGURATION'] });
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/configuration/',
      headers: { authorization: admin.authorization },
      payload: { pairs: [{ name: 'app.baseMapUrl', value: '"javascript:alert(1)"' }] },
    });
    expectFieldError(response, 'pairs[0].value', 'INVALID_URL');
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

  it("uses the application's own base map over the platform's", async () => {
    const template = 'https://tiles.example.org/gaia/{z}/{x}/{y}.png';
    const application = await createApplication(t.db, [{ name: 'app.baseMapUrl', value: JSON.stringify(template) }]);
    const response = await t.app.inject({ url: `/api/applications/${application.id}/map-style` });
    expect(response.statusCode).toBe(200);
    expect(validateStyleMin(response.json())).toEqual([]);
    expect(response.json().sources.basemap.tiles).toEqual([template]);
    expect((await readStyle()).metadata['mip:offline']).toBe(true);
  });
});
