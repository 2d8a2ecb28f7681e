import { randomBytes } from 'node:crypto';
import { type TExtraMapLayer, toRasterSource } from '@mip/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { signInNewUser } from '../../../test/factories.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();
const unique = () => randomBytes(4).toString('hex');
const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24" fill="#1c7ed6"/></svg>';
/** A 1×1 PNG. */
const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let api: TCaller;
let anonymous: TCaller;

beforeAll(async () => {
  const manager = await signInNewUser(t, { permissions: ['MANAGE_LAYERS'] });
  api = callerOf(t, manager.authorization);
  anonymous = callerOf(t, '');
});

const xyzLayer = (overrides: Record<string, unknown> = {}) => ({
  name: `OpenStreetMap ${unique()}`,
  type: 'XYZ',
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  ...overrides,
});

async function createLayer(overrides: Record<string, unknown> = {}) {
  const response = await api.post('/layers', xyzLayer(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; name: string };
}

describe('POST /api/layers', () => {
  it('creates an XYZ layer with every field of the spec, sanitised, and audits it', async () => {
    const response = await api.post('/layers', {
      name: 'Ortofotos 2021',
      type: 'XYZ',
      url: 'https://tiles.example/orto/{z}/{x}/{y}.jpg',
      attribution:
        '© <a href="https://www.dgterritorio.gov.pt" onclick="steal()">DGT</a> <script>alert(1)</script><a href="javascript:alert(1)">x</a>',
      tileSize: 512,
      maxZoom: 18,
      image: PNG_DATA_URL,
      backgroundColor: '#000',
      boundingBox: { minLatitude: 36.9, maxLatitude: 42.2, minLongitude: -9.6, maxLongitude: -6.1 },
      showExtraLayers: true,
      icon: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" onload="alert(1)"><script>alert(1)</script><circle cx="12" cy="12" r="10"/></svg>`,
      color: '#2f9e44',
    });
    expect(response.statusCode, response.body).toBe(200);
    const layer = response.json();
    expect(layer).toMatchObject({
      name: 'Ortofotos 2021',
      type: 'XYZ',
      url: 'https://tiles.example/orto/{z}/{x}/{y}.jpg',
      tileSize: 512,
      maxZoom: 18,
      image: PNG_DATA_URL,
      backgroundColor: '#000',
      boundingBox: { minLatitude: 36.9, maxLatitude: 42.2, minLongitude: -9.6, maxLongitude: -6.1 },
      showExtraLayers: true,
      color: '#2f9e44',
    });
    expect(layer.attribution).toBe(
      '© <a href="https://www.dgterritorio.gov.pt" target="_blank" rel="noopener noreferrer">DGT</a> <a target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(layer.icon).toContain('<circle');
    expect(layer.icon).not.toMatch(/script|onload/);
    const [audit] = (await findAuditRows(t.db, 'CREATE', 'map_layer')).filter(
      (row) => row.record_id === String(layer.id),
    );
    expect(audit.after).toMatchObject({ name: 'Ortofotos 2021', icon: expect.stringMatching(/^sha1:/) });
  });

  it('takes a WMS GetMap URL with the {bbox-epsg-3857} placeholder, and a TileJSON URL', async () => {
    const wms = await api.post(
      '/layers',
      xyzLayer({
        type: 'WMS',
        url: 'https://wms.example/ows?SERVICE=WMS&REQUEST=GetMap&VERSION=1.3.0&LAYERS=orto&CRS=EPSG:3857&WIDTH=256&HEIGHT=256&FORMAT=image/png&BBOX={bbox-epsg-3857}',
      }),
    );
    expect(wms.statusCode, wms.body).toBe(200);
    const tilejson = await api.post('/layers', xyzLayer({ type: 'TILEJSON', url: 'https://tiles.example/orto.json' }));
    expect(tilejson.statusCode, tilejson.body).toBe(200);
  });

  it('names each wrong field with its code', async () => {
    expectFieldError(await api.post('/layers', xyzLayer({ name: ' ' })), 'name', 'MISSING_NAME');
    expectFieldError(await api.post('/layers', xyzLayer({ type: undefined })), 'type', 'MISSING_TYPE');
    expectFieldError(await api.post('/layers', xyzLayer({ type: 'GOOGLE' })), 'type', 'INVALID_TYPE');
    expectFieldError(await api.post('/layers', xyzLayer({ url: '' })), 'url', 'MISSING_URL');
    expectFieldError(
      await api.post('/layers', xyzLayer({ url: 'javascript:alert(1)//{z}{x}{y}' })),
      'url',
      'INVALID_URL',
    );
    expectFieldError(
      await api.post('/layers', xyzLayer({ url: 'https://tiles.example/orto.png' })),
      'url',
      'INVALID_URL_TEMPLATE',
    );
    expectFieldError(
      await api.post('/layers', xyzLayer({ url: 'https://{s}.tile.example/{z}/{x}/{y}.png' })),
      'url',
      'INVALID_URL_TEMPLATE',
    );
    expectFieldError(
      await api.post('/layers', xyzLayer({ type: 'WMS', url: 'https://wms.example/ows?REQUEST=GetMap' })),
      'url',
      'INVALID_URL_TEMPLATE',
    );
    expectFieldError(
      await api.post('/layers', xyzLayer({ type: 'TILEJSON', url: 'https://tiles.example/{z}/{x}/{y}.png' })),
      'url',
      'INVALID_URL_TEMPLATE',
    );
    expectFieldError(await api.post('/layers', xyzLayer({ tileSize: 300 })), 'tileSize', 'INVALID_TILE_SIZE');
    expectFieldError(await api.post('/layers', xyzLayer({ maxZoom: 30 })), 'maxZoom', 'INVALID_ZOOM');
    expectFieldError(
      await api.post('/layers', xyzLayer({ backgroundColor: 'blue' })),
      'backgroundColor',
      'INVALID_COLOUR',
    );
    expectFieldError(await api.post('/layers', xyzLayer({ color: '#12' })), 'color', 'INVALID_COLOUR');
    expectFieldError(
      await api.post(
        '/layers',
        xyzLayer({ boundingBox: { minLatitude: 42, maxLatitude: 36, minLongitude: -9, maxLongitude: -6 } }),
      ),
      'boundingBox',
      'INVALID_BOUNDING_BOX',
    );
    expectFieldError(await api.post('/layers', xyzLayer({ image: 'ftp://x/y.png' })), 'image', 'INVALID_IMAGE');
    expectFieldError(
      await api.post(
        '/layers',
        xyzLayer({ image: `data:image/png;base64,${Buffer.from('%PDF-1.4 fake').toString('base64')}` }),
      ),
      'image',
      'INVALID_IMAGE',
    );
    expectFieldError(await api.post('/layers', xyzLayer({ icon: '<p>not an svg</p>' })), 'icon', 'INVALID_ICON');
    expectFieldError(
      await api.post('/layers', xyzLayer({ attribution: 'x'.repeat(1001) })),
      'attribution',
      'INVALID_ATTRIBUTION',
    );
  });

  it('refuses a second layer with the same name, whatever its case', async () => {
    const layer = await createLayer();
    expectFieldError(await api.post('/layers', xyzLayer({ name: layer.name.toUpperCase() })), 'name', 'DUPLICATE_NAME');
  });

  it('is for holders of MANAGE_LAYERS', async () => {
    expectError(await anonymous.post('/layers', xyzLayer()), 401, 'UNAUTHORIZED');
    const other = await signInNewUser(t, { permissions: ['MANAGE_SPRITES', 'WRITE_CONFIGURATION'] });
    expectError(await callerOf(t, other.authorization).post('/layers', xyzLayer()), 403, 'FORBIDDEN');
  });
});

describe('PUT /api/layers/:id and DELETE /api/layers/:id', () => {
  it('updates a layer, audits the change only, and 404s an unknown one', async () => {
    const layer = await createLayer();
    const response = await api.put(`/layers/${layer.id}`, xyzLayer({ name: layer.name, showExtraLayers: false }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ showExtraLayers: false });
    const [audit] = (await findAuditRows(t.db, 'UPDATE', 'map_layer')).filter(
      (row) => row.record_id === String(layer.id),
    );
    expect(audit).toMatchObject({ before: { showExtraLayers: true }, after: { showExtraLayers: false } });
    expect(Object.keys(audit.after as object)).toEqual(['showExtraLayers']);
    expectError(await api.put('/layers/999999', xyzLayer()), 404, 'NOT_FOUND');
  });

  it('validates an update like a creation', async () => {
    const layer = await createLayer();
    expectFieldError(await api.put(`/layers/${layer.id}`, xyzLayer({ url: 'nope' })), 'url', 'INVALID_URL');
    const other = await createLayer();
    expectFieldError(await api.put(`/layers/${layer.id}`, xyzLayer({ name: other.name })), 'name', 'DUPLICATE_NAME');
  });

  it('deletes a layer and audits it', async () => {
    const layer = await createLayer();
    const response = await api.delete(`/layers/${layer.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expectError(await api.get(`/layers/${layer.id}`), 404, 'NOT_FOUND');
    expect((await findAuditRows(t.db, 'DELETE', 'map_layer')).map((row) => row.record_id)).toContain(String(layer.id));
    expectError(await api.delete(`/layers/${layer.id}`), 404, 'NOT_FOUND');
  });
});

describe('GET /api/layers/search', () => {
  it('pages, filters by text, type and offer, and sorts', async () => {
    const tag = unique();
    await createLayer({ name: `Câmara ${tag} b`, showExtraLayers: false });
    await createLayer({ name: `Camara ${tag} a`, type: 'TILEJSON', url: 'https://tiles.example/a.json' });
    const page = await api.get('/layers/search', { universalSearch: `camara ${tag}`, sortProperty: 'name' });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ totalItems: 2, currentPage: 0, sortBy: 'name', sortOrder: 'ASC' });
    expect(page.json().content.map((layer: { name: string }) => layer.name)).toEqual([
      `Camara ${tag} a`,
      `Câmara ${tag} b`,
    ]);
    const tilejson = await api.get('/layers/search', { universalSearch: tag, type: 'TILEJSON' });
    expect(tilejson.json().totalItems).toBe(1);
    const hidden = await api.get('/layers/search', { universalSearch: tag, showExtraLayers: 'false' });
    expect(hidden.json().content.map((layer: { name: string }) => layer.name)).toEqual([`Câmara ${tag} b`]);
    expectError(await anonymous.get('/layers/search'), 401, 'UNAUTHORIZED');
  });
});

describe('GET /api/layers/list and GET /api/layers/public', () => {
  it('shows visitors only the offered layers, and managers every layer, as id, name, icon, color', async () => {
    const offered = await createLayer({ icon: ICON, color: '#123456' });
    const hidden = await createLayer({ showExtraLayers: false });
    const visitorList = (await anonymous.get('/layers/list')).json() as { id: number }[];
    expect(visitorList.map((layer) => layer.id)).toContain(offered.id);
    expect(visitorList.map((layer) => layer.id)).not.toContain(hidden.id);
    expect(visitorList.find((layer) => layer.id === offered.id)).toEqual({
      id: offered.id,
      name: offered.name,
      icon: expect.stringContaining('<rect'),
      color: '#123456',
    });
    const managerList = (await api.get('/layers/list')).json() as { id: number }[];
    expect(managerList.map((layer) => layer.id)).toEqual(expect.arrayContaining([offered.id, hidden.id]));
  });

  it('gives the map a MapLibre raster source for each offered layer', async () => {
    const wms = await createLayer({
      type: 'WMS',
      url: 'https://wms.example/ows?REQUEST=GetMap&CRS=EPSG:3857&BBOX={bbox-epsg-3857}',
      boundingBox: { minLatitude: 36.9, maxLatitude: 42.2, minLongitude: -9.6, maxLongitude: -6.1 },
      attribution: 'DGT',
    });
    const hidden = await createLayer({ showExtraLayers: false });
    const response = await anonymous.get('/layers/public');
    expect(response.statusCode).toBe(200);
    const layers = response.json() as TExtraMapLayer[];
    expect(layers.map((layer) => layer.id)).not.toContain(hidden.id);
    const layer = layers.find((item) => item.id === wms.id) as TExtraMapLayer;
    expect(toRasterSource(layer)).toEqual({
      type: 'raster',
      tiles: ['https://wms.example/ows?REQUEST=GetMap&CRS=EPSG:3857&BBOX={bbox-epsg-3857}'],
      tileSize: 256,
      maxzoom: 19,
      attribution: 'DGT',
      bounds: [-9.6, 36.9, -6.1, 42.2],
    });
  });
});
