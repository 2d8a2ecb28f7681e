import { DOCUMENT_UPLOAD_MAX_BYTES } from '@mip/shared';
import exifr from 'exifr';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { photoWithGps } from '../../../test/event-request-factories.ts';
import { createEntity, signInNewUser } from '../../../test/factories.ts';
import { JPEG_START, makePdf, makePng, multipartBody, TINY_GIF, type TMultipartFile } from '../../../test/files.ts';
import { createMobilityGroup, createMobilitySystem } from '../../../test/mobility-factories.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { documents } from '../../db/schema/index.ts';

const t = useTestApp();

let api: TCaller;
let writer: { user: { id: number; entityId: number }; authorization: string };
let systemId: number;

beforeAll(async () => {
  writer = await signInNewUser(t, { permissions: ['WRITE_MOBILITY_SYSTEM'] });
  api = callerOf(t, writer.authorization);
  systemId = (await createMobilitySystem(t.db)).id;
});

const PNG = makePng(4, 3);
const PDF = makePdf(['Horario', 'Tarifas']);

function upload(fields: Record<string, string>, files: TMultipartFile[], authorization = writer.authorization) {
  const { payload, contentType } = multipartBody(fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/documents',
    payload,
    // An empty authorization sends the upload without a session.
    headers: { 'content-type': contentType, ...(authorization ? { authorization } : {}) },
  });
}

const photoFields = (overrides: Record<string, string> = {}) => ({
  ownerKind: 'MOBILITY_SYSTEM',
  ownerId: String(systemId),
  category: 'PHOTO',
  title: 'Entrada da estação',
  ...overrides,
});
const fileFields = (overrides: Record<string, string> = {}) =>
  photoFields({ category: 'FILE', title: 'Horário', ...overrides });

describe('POST /api/documents', () => {
  it('stores a photo with its 360 flag, the type read from its bytes, and audits it without the bytes', async () => {
    const response = await upload(photoFields({ is360: 'true' }), [
      { filename: 'C:\\fotos\\entrada.png', contentType: 'application/octet-stream', bytes: PNG },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const document = response.json();
    expect(document).toEqual({
      id: expect.any(Number),
      title: 'Entrada da estação',
      filename: 'entrada.png',
      type: 'image/png',
      category: 'PHOTO',
      size: expect.any(Number),
      props: { is360: true },
      isPublic: true,
      createdAt: expect.any(String),
    });
    const [audit] = (await findAuditRows(t.db, 'CREATE', 'document')).filter(
      (row) => row.record_id === String(document.id),
    );
    expect(audit).toMatchObject({
      user_id: writer.user.id,
      after: { ownerKind: 'MOBILITY_SYSTEM', ownerId: systemId },
    });
    expect(JSON.stringify(audit)).not.toContain(PNG.toString('base64').slice(0, 20));
  });

  it.each([
    // Like a reported photo: a GIF becomes a PNG of its first frame.
    ['a GIF', () => TINY_GIF, 'image/png'],
    ['a JPEG', () => photoWithGps(), 'image/jpeg'],
  ])('takes %s as a photo', async (_case, bytes, type) => {
    const response = await upload(photoFields(), [{ filename: 'foto', bytes: await bytes() }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ type, props: { is360: false } });
  });

  it('serves a photo without its EXIF: no GPS position, camera or author', async () => {
    const original = await photoWithGps();
    expect(await exifr.gps(original)).toBeDefined();
    const response = await upload(photoFields(), [{ filename: 'estacao.jpg', bytes: original }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ filename: 'estacao.jpg', type: 'image/jpeg' });
    const served = await t.app.inject({ url: `/api/documents/public/${response.json().id}/contents` });
    expect(served.statusCode).toBe(200);
    const bytes = served.rawPayload;
    expect(response.json().size).toBe(bytes.length);
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
    expect(metadata.exif).toBeUndefined();
    expect(await exifr.gps(bytes).catch(() => undefined)).toBeUndefined();
    for (const trace of ['Exif\0\0', 'PhoneMaker', 'Camera 9']) {
      expect(bytes.includes(Buffer.from(trace, 'latin1')), trace).toBe(false);
    }
  });

  it('stores a picture that is also a script or a page as a clean picture only', async () => {
    const script = Buffer.from('*/=1;alert(document.domain)//<script>alert(1)</script><html><body>page</body></html>');
    const gifScript = Buffer.concat([TINY_GIF, script]);
    const jpegPage = Buffer.concat([await photoWithGps(), script]);
    for (const [filename, bytes, type] of [
      ['animacao.gif', gifScript, 'image/png'],
      ['foto.jpg', jpegPage, 'image/jpeg'],
    ] as const) {
      const response = await upload(photoFields(), [{ filename, bytes }]);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().type).toBe(type);
      const stored = (await api.get(`/documents/${response.json().id}`)).json().contents as string;
      const clean = Buffer.from(stored, 'base64');
      expect((await sharp(clean).metadata()).format).toBe(type.slice('image/'.length));
      for (const trace of ['alert', '<script', '<html']) {
        expect(clean.includes(Buffer.from(trace)), `${filename}: ${trace}`).toBe(false);
      }
    }
  });

  it('shrinks a photo to 2560 px on its longest side, and a 360° one only past 8192 px', async () => {
    const wide = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#0a6c74' } })
      .jpeg()
      .toBuffer();
    for (const [is360, width] of [
      ['false', 2560],
      ['true', 3000],
    ] as const) {
      const response = await upload(photoFields({ is360 }), [{ filename: 'rua.jpg', bytes: wide }]);
      expect(response.statusCode, response.body).toBe(200);
      const stored = Buffer.from((await api.get(`/documents/${response.json().id}`)).json().contents, 'base64');
      expect((await sharp(stored).metadata()).width, `is360=${is360}`).toBe(width);
    }
  });

  it('refuses a photo whose bytes only start like a picture', async () => {
    const fake = Buffer.concat([JPEG_START, Buffer.from('<html><script>alert(1)</script></html>')]);
    expectFieldError(await upload(photoFields(), [{ filename: 'foto.jpg', bytes: fake }]), 'file', 'INVALID_FILE_TYPE');
  });

  it('stores a PDF as a file, readable back byte for byte', async () => {
    const response = await upload(fileFields(), [
      { filename: 'horario.pdf', contentType: 'application/pdf', bytes: PDF },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ type: 'application/pdf', category: 'FILE', props: {} });
    const contents = await api.get(`/documents/${response.json().id}`);
    expect(contents.json()).toEqual({
      id: response.json().id,
      title: 'Horário',
      filename: 'horario.pdf',
      type: 'application/pdf',
      contents: PDF.toString('base64'),
      props: {},
    });
  });

  it('takes a file of several megabytes, past the JSON body limit', async () => {
    const big = makePng(1200, 1200);
    const padded = Buffer.concat([big, Buffer.alloc(3 * 1024 * 1024)]);
    const response = await upload(photoFields(), [{ filename: 'grande.png', bytes: padded }]);
    expect(response.statusCode, response.body).toBe(200);
    // Stored re-encoded: the picture, not the megabytes that trailed it.
    expect(response.json().size).toBeLessThan(1024 * 1024);
  });

  it.each([
    ['PDF bytes named as a PNG photo', 'PHOTO', { filename: 'foto.png', contentType: 'image/png', bytes: PDF }],
    [
      'text named as a PDF',
      'FILE',
      { filename: 'horario.pdf', contentType: 'application/pdf', bytes: Buffer.from('não sou um PDF') },
    ],
    ['a PNG sent as a file', 'FILE', { filename: 'horario.pdf', bytes: PNG }],
    [
      'an SVG sent as a photo',
      'PHOTO',
      { filename: 'icone.png', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
    ],
    ['a ZIP sent as a file', 'FILE', { filename: 'feed.pdf', bytes: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]) }],
  ])('refuses %s with INVALID_FILE_TYPE', async (_case, category, file) => {
    expectFieldError(await upload(photoFields({ category }), [file]), 'file', 'INVALID_FILE_TYPE');
  });

  it('refuses a file over 15 MB with FILE_TOO_LARGE', async () => {
    const oversize = Buffer.concat([PDF, Buffer.alloc(DOCUMENT_UPLOAD_MAX_BYTES)]);
    expectFieldError(
      await upload(fileFields(), [{ filename: 'enorme.pdf', bytes: oversize }]),
      'file',
      'FILE_TOO_LARGE',
    );
  });

  it('refuses two files with TOO_MANY_FILES, storing neither', async () => {
    const title = `Dois ficheiros ${Date.now()}`;
    const response = await upload(fileFields({ title }), [
      { filename: 'a.pdf', bytes: PDF },
      { filename: 'b.pdf', bytes: PDF },
    ]);
    expectFieldError(response, 'file', 'TOO_MANY_FILES');
    const { rows } = await t.db.$client.query('select 1 from documents where title = $1', [title]);
    expect(rows).toHaveLength(0);
  });

  it.each([
    ['no file', {}, [], 'file', 'MISSING_FILE'],
    ['an empty file', {}, [{ filename: 'vazia.png', bytes: Buffer.alloc(0) }], 'file', 'MISSING_FILE'],
    ['no title', { title: '' }, [{ filename: 'f.png', bytes: PNG }], 'title', 'MISSING_TITLE'],
    [
      'a title over 200 characters',
      { title: 't'.repeat(201) },
      [{ filename: 'f.png', bytes: PNG }],
      'title',
      'INVALID_TITLE',
    ],
    [
      'an unknown owner kind',
      { ownerKind: 'PLANET' },
      [{ filename: 'f.png', bytes: PNG }],
      'ownerKind',
      'INVALID_OWNER',
    ],
    [
      'an owner id that is not a number',
      { ownerId: 'abc' },
      [{ filename: 'f.png', bytes: PNG }],
      'ownerId',
      'INVALID_OWNER',
    ],
    ['an unknown category', { category: 'VIDEO' }, [{ filename: 'f.png', bytes: PNG }], 'category', 'INVALID_CATEGORY'],
    [
      'a 360 flag that is not a boolean',
      { is360: 'sim' },
      [{ filename: 'f.png', bytes: PNG }],
      'is360',
      'INVALID_VALUE',
    ],
  ])('refuses %s', async (_case, overrides, files, property, error) => {
    expectFieldError(await upload(photoFields(overrides), files as TMultipartFile[]), property, error);
  });

  it('refuses a system that does not exist', async () => {
    const response = await upload(photoFields({ ownerId: '2000000000' }), [{ filename: 'f.png', bytes: PNG }]);
    expectFieldError(response, 'ownerId', 'INVALID_OWNER');
  });

  it('needs WRITE_MOBILITY_SYSTEM for a system, and a session', async () => {
    const reader = await signInNewUser(t, { permissions: ['WRITE_MOBILITY_GROUP'] });
    expectError(
      await upload(photoFields(), [{ filename: 'f.png', bytes: PNG }], reader.authorization),
      403,
      'FORBIDDEN',
    );
    expectError(await upload(photoFields(), [{ filename: 'f.png', bytes: PNG }], ''), 401, 'UNAUTHORIZED');
  });

  it('answers a JSON body with a client error, not a crash', async () => {
    const response = await api.post('/documents', { title: 'x' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject({ code: expect.any(String) });
  });
});

async function storedDocument(values: Partial<typeof documents.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(documents)
    .values({
      ownerKind: 'MOBILITY_SYSTEM',
      ownerId: systemId,
      category: 'FILE',
      title: 'Planta',
      filename: 'planta.pdf',
      mimeType: 'application/pdf',
      size: PDF.length,
      contents: PDF,
      isPublic: true,
      ...values,
    })
    .returning();
  return row;
}

describe('GET /api/documents/{id}', () => {
  it('answers contents, filename and type to anyone signed in', async () => {
    const document = await storedDocument();
    const reader = callerOf(t, (await signInNewUser(t)).authorization);
    const response = await reader.get(`/documents/${document.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      filename: 'planta.pdf',
      type: 'application/pdf',
      contents: PDF.toString('base64'),
    });
  });

  it("answers 'document not found' for a missing document, and needs a session", async () => {
    const missing = await api.get('/documents/2147483647');
    expectError(missing, 404, 'DOCUMENT_NOT_FOUND');
    const document = await storedDocument();
    expectError(await t.app.inject({ url: `/api/documents/${document.id}` }), 401, 'UNAUTHORIZED');
  });
});

describe('GET /api/documents/public/{id} and /contents', () => {
  it('answers a public document to anyone, as JSON and as bare bytes', async () => {
    const document = await storedDocument({ title: 'Mapa da rede' });
    const json = await t.app.inject({ url: `/api/documents/public/${document.id}` });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json()).toMatchObject({ id: document.id, title: 'Mapa da rede', contents: PDF.toString('base64') });
    const raw = await t.app.inject({ url: `/api/documents/public/${document.id}/contents` });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toBe('application/pdf');
    expect(raw.headers['x-content-type-options']).toBe('nosniff');
    expect(raw.rawPayload.equals(PDF)).toBe(true);
    const again = await t.app.inject({
      url: `/api/documents/public/${document.id}/contents`,
      headers: { 'if-none-match': String(raw.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers DOCUMENT_NOT_FOUND for a document that is not public, or not there', async () => {
    const privateDocument = await storedDocument({ isPublic: false });
    expectError(await t.app.inject({ url: `/api/documents/public/${privateDocument.id}` }), 404, 'DOCUMENT_NOT_FOUND');
    expectError(
      await t.app.inject({ url: `/api/documents/public/${privateDocument.id}/contents` }),
      404,
      'DOCUMENT_NOT_FOUND',
    );
    expectError(await t.app.inject({ url: '/api/documents/public/2147483647' }), 404, 'DOCUMENT_NOT_FOUND');
  });
});

describe('GET /api/documents/list', () => {
  it("lists a record's documents without their bytes", async () => {
    const system = await createMobilitySystem(t.db);
    const first = await storedDocument({ ownerId: system.id, title: 'Primeiro' });
    const second = await storedDocument({
      ownerId: system.id,
      title: 'Segundo',
      category: 'PHOTO',
      mimeType: 'image/png',
    });
    const response = await api.get('/documents/list', { ownerKind: 'MOBILITY_SYSTEM', ownerId: String(system.id) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().map((d: { id: number }) => d.id)).toEqual([first.id, second.id]);
    expect(response.body).not.toContain('contents');
    expectError(
      await api.get('/documents/list', { ownerKind: 'MOBILITY_SYSTEM', ownerId: '2147483647' }),
      404,
      'DOCUMENT_NOT_FOUND',
    );
    expectFieldError(
      await api.get('/documents/list', { ownerKind: 'PLANET', ownerId: '1' }),
      'ownerKind',
      'INVALID_OWNER',
    );
  });
});

describe('PUT /api/documents/{id}', () => {
  it('renames a photo and changes its 360 flag, and audits it', async () => {
    const photo = await storedDocument({ category: 'PHOTO', mimeType: 'image/png', props: { is360: false } });
    const response = await api.put(`/documents/${photo.id}`, { title: 'Vista 360', is360: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ title: 'Vista 360', props: { is360: true } });
    const [audit] = (await findAuditRows(t.db, 'UPDATE', 'document')).filter(
      (row) => row.record_id === String(photo.id),
    );
    expect(audit.after).toEqual({ title: 'Vista 360', props: { is360: true } });
  });

  it('refuses a blank title, and needs WRITE_MOBILITY_SYSTEM', async () => {
    const document = await storedDocument();
    expectFieldError(await api.put(`/documents/${document.id}`, { title: ' ' }), 'title', 'MISSING_TITLE');
    const reader = callerOf(t, (await signInNewUser(t)).authorization);
    expectError(await reader.put(`/documents/${document.id}`, { title: 'Outro' }), 403, 'FORBIDDEN');
    expectError(await api.put('/documents/2147483647', { title: 'Outro' }), 404, 'DOCUMENT_NOT_FOUND');
  });
});

describe('DELETE /api/documents/{id}', () => {
  it('deletes the document and audits it', async () => {
    const document = await storedDocument();
    expect((await api.delete(`/documents/${document.id}`)).json()).toEqual({ success: true });
    expectError(await api.get(`/documents/${document.id}`), 404, 'DOCUMENT_NOT_FOUND');
    const rows = (await findAuditRows(t.db, 'DELETE', 'document')).filter(
      (row) => row.record_id === String(document.id),
    );
    expect(rows).toHaveLength(1);
  });

  it('needs WRITE_MOBILITY_SYSTEM, and answers DOCUMENT_NOT_FOUND for a missing one', async () => {
    const document = await storedDocument();
    const reader = callerOf(t, (await signInNewUser(t, { permissions: ['WRITE_MOBILITY_GROUP'] })).authorization);
    expectError(await reader.delete(`/documents/${document.id}`), 403, 'FORBIDDEN');
    expectError(await api.delete('/documents/2147483647'), 404, 'DOCUMENT_NOT_FOUND');
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/documents/${document.id}` }), 401, 'UNAUTHORIZED');
  });
});

describe("a mobility system's documents belong to its group's entity", () => {
  let operator: { authorization: string };
  let ownSystemId: number;

  beforeAll(async () => {
    const metro = await createEntity(t.db, { name: 'Metro do Porto, S.A.' });
    const group = await createMobilityGroup(t.db, { entityId: metro.id });
    ownSystemId = (await createMobilitySystem(t.db, { groupId: group.id })).id;
    operator = await signInNewUser(t, {
      permissions: ['WRITE_MOBILITY_SYSTEM'],
      entityId: metro.id,
      entitiesAccessList: [metro.id],
    });
  });

  it("answers DOCUMENT_NOT_FOUND to another entity's user who reads, lists, renames or deletes one, and keeps it", async () => {
    // The system of beforeAll's group belongs to an entity of its own, outside the operator's scope.
    const document = await storedDocument({ title: 'Sensor de temperatura' });
    const outsider = callerOf(t, operator.authorization);
    expectError(await outsider.delete(`/documents/${document.id}`), 404, 'DOCUMENT_NOT_FOUND');
    expectError(await outsider.put(`/documents/${document.id}`, { title: 'Outro' }), 404, 'DOCUMENT_NOT_FOUND');
    expectError(await outsider.get(`/documents/${document.id}`), 404, 'DOCUMENT_NOT_FOUND');
    const list = await outsider.get('/documents/list', { ownerKind: 'MOBILITY_SYSTEM', ownerId: String(systemId) });
    expectError(list, 404, 'DOCUMENT_NOT_FOUND');
    expect((await api.get(`/documents/${document.id}`)).json()).toMatchObject({ title: 'Sensor de temperatura' });
    expect((await t.app.inject({ url: `/api/documents/public/${document.id}` })).statusCode).toBe(200);
  });

  it("refuses to attach to another entity's system as to a missing one", async () => {
    const response = await upload(photoFields(), [{ filename: 'f.png', bytes: PNG }], operator.authorization);
    expectFieldError(response, 'ownerId', 'INVALID_OWNER');
  });

  it("attaches, lists, renames and deletes the documents of the caller's own systems", async () => {
    const own = callerOf(t, operator.authorization);
    const uploaded = await upload(
      photoFields({ ownerId: String(ownSystemId) }),
      [{ filename: 'f.png', bytes: PNG }],
      operator.authorization,
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const id = uploaded.json().id;
    const list = await own.get('/documents/list', { ownerKind: 'MOBILITY_SYSTEM', ownerId: String(ownSystemId) });
    expect(list.json().map((document: { id: number }) => document.id)).toEqual([id]);
    expect((await own.put(`/documents/${id}`, { title: 'Átrio' })).statusCode).toBe(200);
    expect((await own.delete(`/documents/${id}`)).json()).toEqual({ success: true });
  });
});
