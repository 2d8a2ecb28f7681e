import { randomBytes } from 'node:crypto';
import { MAX_SPRITE_ICONS } from '@mip/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { signInNewUser } from '../../../test/factories.ts';
import { decodeOwnPng } from '../../../test/png.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();
const unique = () => randomBytes(4).toString('hex');
const square = (colour: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="${colour}"/></svg>`;

let api: TCaller;
let anonymous: TCaller;

beforeAll(async () => {
  const manager = await signInNewUser(t, { permissions: ['MANAGE_SPRITES'] });
  api = callerOf(t, manager.authorization);
  anonymous = callerOf(t, '');
});

async function createSprite(overrides: Record<string, unknown> = {}) {
  const response = await api.post('/sprites', { name: `icon-${unique()}`, svg: square('#ff0000'), ...overrides });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; name: string; width: number; height: number; svg: string };
}

const getFile = (file: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/sprites/${file}`, headers });

describe('the sprite sheet files', () => {
  it('serve a valid empty sheet before any icon exists, so styles that name it still load', async () => {
    const json = await getFile('sprite.json');
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual({});
    const png = await getFile('sprite@2x.png');
    expect(png.headers['content-type']).toBe('image/png');
    expect(decodeOwnPng(png.rawPayload).pixel(0, 0)).toEqual([0, 0, 0, 0]);
  });

  it('hold every icon at 1× and 2×, rebuilt with each change, with an ETag and cache headers', async () => {
    const before = await getFile('sprite.json');
    const red = await createSprite({ name: `red-${unique()}`, size: 16 });
    const blue = await createSprite({ name: `blue-${unique()}`, svg: square('#0000ff'), size: 32 });

    for (const [suffix, ratio] of [
      ['', 1],
      ['@2x', 2],
    ] as const) {
      const json = await getFile(`sprite${suffix}.json`);
      expect(json.statusCode).toBe(200);
      expect(json.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
      expect(json.headers.etag).not.toBe(before.headers.etag);
      const index = json.json();
      expect(index[red.name]).toMatchObject({ width: 16 * ratio, height: 16 * ratio, pixelRatio: ratio });
      expect(index[blue.name]).toMatchObject({ width: 32 * ratio, height: 32 * ratio, pixelRatio: ratio });
      const png = await getFile(`sprite${suffix}.png`);
      expect(png.headers.etag).toBe(json.headers.etag);
      const image = decodeOwnPng(png.rawPayload);
      const at = index[blue.name];
      expect(image.pixel(at.x + at.width / 2, at.y + at.height / 2)).toEqual([0, 0, 255, 255]);
      const redAt = index[red.name];
      expect(image.pixel(redAt.x + 1, redAt.y + 1)).toEqual([255, 0, 0, 255]);

      const cached = await getFile(`sprite${suffix}.png`, { 'if-none-match': String(png.headers.etag) });
      expect(cached.statusCode).toBe(304);
    }

    await api.delete(`/sprites/${red.id}`);
    const after = (await getFile('sprite.json')).json();
    expect(after[red.name]).toBeUndefined();
    expect(after[blue.name]).toBeDefined();
  });

  it('are public', async () => {
    for (const file of ['sprite.json', 'sprite.png', 'sprite@2x.json', 'sprite@2x.png']) {
      expect((await anonymous.get(`/sprites/${file}`)).statusCode).toBe(200);
    }
  });
});

describe('POST /api/sprites', () => {
  it('sanitises the SVG, measures the icon and audits it', async () => {
    const response = await api.post('/sprites', {
      name: 'paragem-autocarro',
      svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20" onload="alert(1)"><script>alert(1)</script><a href="javascript:alert(1)"><rect width="40" height="20"/></a><image href="https://evil.example/x.png"/></svg>`,
      size: 24,
    });
    expect(response.statusCode, response.body).toBe(200);
    const icon = response.json();
    expect(icon).toMatchObject({ name: 'paragem-autocarro', size: 24, width: 24, height: 12 });
    expect(icon.svg).not.toMatch(/script|onload|javascript|evil/);
    expect(icon.svg).toContain('<rect');
    const [audit] = (await findAuditRows(t.db, 'CREATE', 'sprite')).filter((row) => row.record_id === String(icon.id));
    expect(audit.after).toMatchObject({ name: 'paragem-autocarro', svg: expect.stringMatching(/^sha1:/) });
  });

  it('names each wrong field with its code', async () => {
    expectFieldError(await api.post('/sprites', { svg: square('red') }), 'name', 'MISSING_NAME');
    expectFieldError(
      await api.post('/sprites', { name: 'Has Spaces', svg: square('red') }),
      'name',
      'INVALID_SPRITE_NAME',
    );
    expectFieldError(
      await api.post('/sprites', { name: 'x'.repeat(65), svg: square('red') }),
      'name',
      'INVALID_SPRITE_NAME',
    );
    expectFieldError(await api.post('/sprites', { name: 'ok', svg: '' }), 'svg', 'MISSING_ICON');
    expectFieldError(await api.post('/sprites', { name: 'ok', svg: '%PDF-1.4 not an image' }), 'svg', 'INVALID_ICON');
    expectFieldError(
      await api.post('/sprites', { name: 'ok', svg: '<svg xmlns="http://www.w3.org/2000/svg"><script>x</script>' }),
      'svg',
      'INVALID_ICON',
    );
    expectFieldError(await api.post('/sprites', { name: 'ok', svg: square('red'), size: 4 }), 'size', 'INVALID_SIZE');
    expectFieldError(
      await api.post('/sprites', { name: 'ok', svg: square('red'), size: 12.5 }),
      'size',
      'INVALID_SIZE',
    );
    expectFieldError(
      await api.post('/sprites', { name: 'ok', svg: `<svg>${'x'.repeat(140_000)}</svg>` }),
      'svg',
      'FILE_TOO_LARGE',
    );
  });

  it('refuses a second icon with the same name', async () => {
    const icon = await createSprite();
    expectFieldError(await api.post('/sprites', { name: icon.name, svg: square('blue') }), 'name', 'DUPLICATE_NAME');
  });

  it(`refuses icons beyond ${MAX_SPRITE_ICONS}`, async () => {
    const { rows } = await t.db.$client.query<{ total: number }>('select count(*)::int as total from sprite_icons');
    const values = Array.from(
      { length: MAX_SPRITE_ICONS - rows[0].total },
      (_, i) => `('bulk-${i}-${unique()}', '${square('#000')}', 8, 8, 8)`,
    );
    await t.db.$client.query(`insert into sprite_icons (name, svg, size, width, height) values ${values.join(',')}`);
    expectError(
      await api.post('/sprites', { name: `one-too-many-${unique()}`, svg: square('red') }),
      400,
      'TOO_MANY_ICONS',
    );
    await t.db.$client.query(`delete from sprite_icons where name like 'bulk-%'`);
  });

  it('is for holders of MANAGE_SPRITES', async () => {
    expectError(await anonymous.post('/sprites', { name: 'x1', svg: square('red') }), 401, 'UNAUTHORIZED');
    const other = await signInNewUser(t, { permissions: ['MANAGE_LAYERS'] });
    const caller = callerOf(t, other.authorization);
    expectError(await caller.post('/sprites', { name: 'x1', svg: square('red') }), 403, 'FORBIDDEN');
    expectError(await caller.get('/sprites/search'), 403, 'FORBIDDEN');
    expectError(await caller.get('/sprites/sheet'), 403, 'FORBIDDEN');
  });
});

describe('PUT, DELETE, GET /api/sprites…', () => {
  it('updates an icon (the sheet follows), audits only what changed, and 404s an unknown one', async () => {
    const icon = await createSprite({ size: 16 });
    const response = await api.put(`/sprites/${icon.id}`, { name: icon.name, svg: icon.svg, size: 40 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ size: 40, width: 40, height: 40 });
    expect((await getFile('sprite@2x.json')).json()[icon.name]).toMatchObject({ width: 80, height: 80 });
    const [audit] = (await findAuditRows(t.db, 'UPDATE', 'sprite')).filter((row) => row.record_id === String(icon.id));
    expect(audit).toMatchObject({ before: { size: 16, width: 16 }, after: { size: 40, width: 40 } });
    expect(audit.after).not.toHaveProperty('svg');
    expectError(await api.put('/sprites/999999', { name: 'gone', svg: square('red') }), 404, 'NOT_FOUND');
  });

  it('reads one icon, searches by name, and describes the sheet', async () => {
    const tag = unique();
    const icon = await createSprite({ name: `metro-${tag}` });
    expect((await api.get(`/sprites/${icon.id}`)).json()).toMatchObject({ id: icon.id, name: `metro-${tag}` });
    const page = await api.get('/sprites/search', { universalSearch: tag });
    expect(page.json()).toMatchObject({ totalItems: 1, content: [{ name: `metro-${tag}` }] });
    const sheet = (await api.get('/sprites/sheet')).json();
    expect(sheet).toMatchObject({ spriteUrl: '/api/sprites/sprite', iconCount: expect.any(Number) });
    expect(sheet.width2x).toBe(sheet.width * 2);
  });

  it('deletes an icon and audits it; a second delete is a 404', async () => {
    const icon = await createSprite();
    expect((await api.delete(`/sprites/${icon.id}`)).json()).toEqual({ success: true });
    expect((await findAuditRows(t.db, 'DELETE', 'sprite')).map((row) => row.record_id)).toContain(String(icon.id));
    expectError(await api.delete(`/sprites/${icon.id}`), 404, 'NOT_FOUND');
  });

  it('keeps every icon when two are added at the same moment', async () => {
    const [a, b] = await Promise.all([createSprite(), createSprite()]);
    const index = (await getFile('sprite.json')).json();
    expect(index[a.name]).toBeDefined();
    expect(index[b.name]).toBeDefined();
  });
});
