import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { OPENFREEMAP_STYLES, readConfig } from '../../config.ts';

/** A provider's street style, as OpenFreeMap's is: vector tiles, glyphs, sprite, and the credit in the source. */
const streets = (name: string) => ({
  version: 8,
  name,
  glyphs: 'https://tiles.example.org/fonts/{fontstack}/{range}.pbf',
  sources: {
    openmaptiles: {
      type: 'vector',
      url: 'https://tiles.example.org/planet',
      attribution: '<a href="https://openfreemap.org">OpenFreeMap</a> © OpenStreetMap',
    },
  },
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': '#f8f4f0' } },
    { id: 'road', type: 'line', source: 'openmaptiles', 'source-layer': 'transportation' },
  ],
});

const env: NodeJS.ProcessEnv = {};
let close = () => {};

// Before the app is built: its configuration names this server as the default street map.
beforeAll(async () => {
  const server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(streets(request.url?.includes('dark') ? 'Streets dark' : 'Streets')));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  env.STREET_MAP_STYLE_URL = `${base}/styles/liberty`;
  env.STREET_MAP_DARK_STYLE_URL = `${base}/styles/dark`;
  close = () => server.close();
});
afterAll(() => close());

const t = useTestApp(env);

const readStyle = async (type: 'LIGHT' | 'DARK') => {
  const response = await t.app.inject({ url: '/api/configuration/public/map-style', query: { type } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('the default street map', () => {
  it('is served when no base map is configured, light and dark, with its attribution', async () => {
    const light = await readStyle('LIGHT');
    expect(light.name).toBe('Streets');
    expect(light.sources.openmaptiles.attribution).toContain('OpenStreetMap');
    expect((await readStyle('DARK')).name).toBe('Streets dark');
  });
});

describe('STREET_MAP_STYLE_URL', () => {
  it("defaults to OpenFreeMap's light and dark styles, takes `offline`, and refuses what is not http(s)", () => {
    expect(readConfig({}).streetMapStyles).toEqual(OPENFREEMAP_STYLES);
    expect(readConfig({ STREET_MAP_STYLE_URL: 'offline' }).streetMapStyles).toEqual({ LIGHT: null, DARK: null });
    // A provider of one's own serves both schemes unless a dark style is named.
    const own = 'https://maps.example.pt/style.json';
    expect(readConfig({ STREET_MAP_STYLE_URL: own }).streetMapStyles).toEqual({ LIGHT: own, DARK: own });
    expect(() => readConfig({ STREET_MAP_STYLE_URL: 'file:///etc/passwd' })).toThrow(/http\(s\) URL or "offline"/);
  });
});
