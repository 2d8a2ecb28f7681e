import { HELP_IMAGE_MAX_MB, HELP_IMAGE_MAX_SIDE, HELP_IMAGE_UNUSED_HOURS, MEGABYTE } from '@mip/shared';
import exifr from 'exifr';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { signInNewUser } from '../../../test/factories.ts';
import { makePdf, makePng, multipartBody, type TMultipartFile } from '../../../test/files.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { sweepUnusedHelpImages } from './help-images.service.ts';

const t = useTestApp();

let writer: string;
let reader: string;

beforeAll(async () => {
  writer = (await signInNewUser(t, { permissions: ['WRITE_HELP'] })).authorization;
  reader = (await signInNewUser(t, { permissions: [] })).authorization;
});

/** An empty authorization sends the upload without a session. */
function upload(file: TMultipartFile | null, authorization = writer) {
  const { payload, contentType } = multipartBody({}, file ? [file] : []);
  return t.app.inject({
    method: 'POST',
    url: '/api/help/images',
    payload,
    headers: { 'content-type': contentType, ...(authorization ? { authorization } : {}) },
  });
}

const uploadPng = async (filename = 'ecra.png', bytes = makePng(40, 30)) => {
  const response = await upload({ filename, contentType: 'image/png', bytes });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: string; src: string; type: string; width: number; height: number };
};

const fetchImage = (src: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: src, headers });

const saveArticle = (url: string, contents: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/help/',
    query: { language: 'pt-PT', url },
    headers: { authorization: writer },
    payload: { title: 'Artigo', category: 'Geral', contents },
  });

/** Moves an upload back in time, as if it had been sent that many hours ago. */
async function ageImage(id: string, hours: number) {
  await t.db.$client.query(`update help_images set created_at = now() - make_interval(hours => $2) where id = $1`, [
    id,
    hours,
  ]);
}

describe('POST /api/help/images', () => {
  it('needs a session, and WRITE_HELP', async () => {
    const file = { filename: 'ecra.png', bytes: makePng(4, 4) };
    expectError(await upload(file, ''), 401, 'UNAUTHORIZED');
    expectError(await upload(file, reader), 403, 'FORBIDDEN');
  });

  it('stores a PNG, answers the address to put in the article, and audits the upload without its bytes', async () => {
    const image = await uploadPng('C:\\capturas\\lista de utilizadores.png');
    expect(image).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      src: `/api/help/images/${image.id}`,
      type: 'image/png',
      size: expect.any(Number),
      width: 40,
      height: 30,
    });
    const [audit] = (await findAuditRows(t.db, 'CREATE', 'help_image')).filter((row) => row.record_id === image.id);
    expect(audit.after).toMatchObject({ filename: 'lista de utilizadores.png', type: 'image/png', width: 40 });
    expect(JSON.stringify(audit.after)).not.toMatch(/contents|bytes/);
  });

  it('serves the image to a visitor with its type and a year of caching, and 304 to a browser that holds it', async () => {
    const image = await uploadPng();
    const response = await fetchImage(image.src);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const served = await sharp(response.rawPayload).metadata();
    expect([served.format, served.width, served.height]).toEqual(['png', 40, 30]);

    const again = await fetchImage(image.src, { 'if-none-match': String(response.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 for an image that is not there, or an address that could not be one', async () => {
    expectError(await fetchImage('/api/help/images/00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
    expectError(await fetchImage('/api/help/images/12'), 404, 'NOT_FOUND');
  });

  it("strips a photo's metadata (its GPS position among it) and shrinks a large screenshot", async () => {
    const photo = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#0a6c74' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Copyright: 'Ana Autora' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 9/1 0/1' },
      })
      .toBuffer();
    const jpeg = (await upload({ filename: 'foto.jpg', bytes: photo })).json();
    expect(jpeg.type).toBe('image/jpeg');
    const served = (await fetchImage(jpeg.src)).rawPayload;
    expect((await sharp(served).metadata()).exif).toBeUndefined();
    expect(await exifr.gps(served).catch(() => undefined)).toBeUndefined();
    expect(served.includes(Buffer.from('PhoneMaker'))).toBe(false);

    const wide = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const shrunk = await uploadPng('ecra-inteiro.png', wide);
    expect([shrunk.width, shrunk.height]).toEqual([HELP_IMAGE_MAX_SIDE, HELP_IMAGE_MAX_SIDE / 2]);
    expect((await sharp((await fetchImage(shrunk.src)).rawPayload).metadata()).width).toBe(HELP_IMAGE_MAX_SIDE);
  });

  it('keeps WebP as WebP and an animated GIF animated', async () => {
    const webp = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#d9480f' } })
      .webp()
      .toBuffer();
    const storedWebp = (await upload({ filename: 'x.webp', bytes: webp })).json();
    expect(storedWebp).toMatchObject({ type: 'image/webp', width: 20, height: 10 });
    expect((await fetchImage(storedWebp.src)).headers['content-type']).toBe('image/webp');

    const frames = await Promise.all(
      ['#ff0000', '#00ff00', '#0000ff'].map((background) =>
        sharp({ create: { width: 30, height: 20, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    const storedGif = (await upload({ filename: 'passos.gif', bytes: gif })).json();
    expect(storedGif).toMatchObject({ type: 'image/gif', width: 30, height: 20 });
    const served = await sharp((await fetchImage(storedGif.src)).rawPayload, { animated: true }).metadata();
    expect(served.pages).toBe(3);
  });

  it.each([
    ['a PDF named like a picture', { filename: 'ecra.png', contentType: 'image/png', bytes: makePdf() }],
    [
      'an SVG (it could carry script)',
      { filename: 'icone.png', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
    ],
    ['text', { filename: 'ecra.jpg', contentType: 'image/jpeg', bytes: Buffer.from('não sou uma imagem') }],
    ['a PNG cut short', { filename: 'partido.png', bytes: makePng(50, 50).subarray(0, 60) }],
  ])('refuses %s with INVALID_FILE_TYPE, by its bytes', async (_case, file) => {
    expectFieldError(await upload(file), 'file', 'INVALID_FILE_TYPE');
  });

  it(`refuses a file over ${HELP_IMAGE_MAX_MB} MB with FILE_TOO_LARGE, and an upload without a file with MISSING_FILE`, async () => {
    const oversize = Buffer.concat([makePng(4, 4), Buffer.alloc(HELP_IMAGE_MAX_MB * MEGABYTE)]);
    const response = await upload({ filename: 'enorme.png', bytes: oversize });
    expectFieldError(response, 'file', 'FILE_TOO_LARGE');
    expect(response.json()).toMatchObject({ hasErrors: true });
    expectFieldError(await upload(null), 'file', 'MISSING_FILE');
  });
});

describe('help images in articles', () => {
  it('keeps the uploaded image in the saved article, where a visitor can load it', async () => {
    const image = await uploadPng();
    const response = await saveArticle('/layers', `<p>O ecrã:</p><img src="${image.src}" alt="Lista de camadas">`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().contents).toContain(`<img src="${image.src}" alt="Lista de camadas" />`);
    expect((await fetchImage(image.src)).statusCode).toBe(200);
  });

  it('sweeps an image no article names once it is a day old, leaves the rest, and audits what went', async () => {
    const used = await uploadPng('usada.png');
    const fresh = await uploadPng('recente.png');
    const dropped = await uploadPng('retirada.png');
    expect(
      (await saveArticle('/sprite', `<img src="${used.src}" alt="a"><img src="${dropped.src}" alt="b">`)).statusCode,
    ).toBe(200);
    for (const image of [used, dropped]) await ageImage(image.id, HELP_IMAGE_UNUSED_HOURS + 1);
    await ageImage(fresh.id, HELP_IMAGE_UNUSED_HOURS - 1);

    // Named by an article, or not yet a day old: nothing goes.
    await sweepUnusedHelpImages(t.db);
    for (const image of [used, fresh, dropped]) expect((await fetchImage(image.src)).statusCode).toBe(200);

    // Cut from the article: the next sweep takes it, and only it.
    expect((await saveArticle('/sprite', `<p>Só uma.</p><img src="${used.src}" alt="a">`)).statusCode).toBe(200);
    await sweepUnusedHelpImages(t.db);
    expectError(await fetchImage(dropped.src), 404, 'NOT_FOUND');
    for (const image of [used, fresh]) expect((await fetchImage(image.src)).statusCode).toBe(200);
    const deletions = (await findAuditRows(t.db, 'DELETE', 'help_image')).filter((row) => row.record_id === dropped.id);
    expect(deletions).toHaveLength(1);
    expect(deletions[0]).toMatchObject({ user_id: null, user_agent: 'help-image-sweep' });
    expect(deletions[0].before).toMatchObject({ filename: 'retirada.png' });

    // Once the article is deleted, its image goes at the next sweep; the fresh one waits for its day.
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/help/',
      query: { language: 'pt-PT', url: '/sprite' },
      headers: { authorization: writer },
    });
    expect(deleted.statusCode).toBe(200);
    await sweepUnusedHelpImages(t.db);
    expectError(await fetchImage(used.src), 404, 'NOT_FOUND');
    expect((await fetchImage(fresh.src)).statusCode).toBe(200);
    await sweepUnusedHelpImages(t.db, new Date(Date.now() + 2 * 3_600_000));
    expectError(await fetchImage(fresh.src), 404, 'NOT_FOUND');
  });
});
