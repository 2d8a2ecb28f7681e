import { crc32 } from 'node:zlib';
import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { JPEG_START, makePdf, makePng, TINY_GIF } from '../../test/files.ts';
import { AppError } from '../http/errors.ts';
import { PHOTO_MAX_BYTES, PHOTO_MAX_SIDE, readPhotoPosition, reencodePhoto } from './photos.ts';

/** Trindade, Porto, as a camera writes it: degrees, minutes, seconds. */
const GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '41/1 9/1 788/100',
  GPSLongitudeRef: 'W',
  GPSLongitude: '8/1 36/1 3384/100',
};
const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Maria Reporter"/></rdf:RDF></x:xmpmeta>';

/** A phone photo: 40×30 pixels stored sideways (orientation 6), with GPS, camera tags and XMP. */
async function phoneJpeg(width = 40, height = 30) {
  return sharp({ create: { width, height, channels: 3, background: '#d9480f' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Camera 9', Copyright: 'Maria Reporter' }, IFD3: GPS })
    .withXmp(XMP)
    .toBuffer();
}

/** Proves no metadata block survived: sharp sees none, exifr reads none, and the bytes hold no trace of it. */
async function expectNoMetadata(bytes: Buffer) {
  const metadata = await sharp(bytes).metadata();
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.iptc).toBeUndefined();
  // Every block exifr knows, but the PNG header (IHDR) it would report as metadata.
  const blocks = { tiff: true, gps: true, exif: true, xmp: true, iptc: true, icc: true, ihdr: false, jfif: false };
  expect(await exifr.parse(bytes, blocks)).toBeUndefined();
  expect(await readPhotoPosition(bytes)).toBeNull();
  for (const trace of ['Exif\0\0', 'eXIf', 'PhoneMaker', 'Maria Reporter', 'xmpmeta', 'GPS'])
    expect(bytes.includes(Buffer.from(trace, 'latin1')), trace).toBe(false);
}

function expectPhotoError(error: unknown, property: string, code: string, filename: string) {
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.status).toBe(400);
  expect(appError.fieldErrors).toEqual([{ property, error: code }]);
  expect(appError.message).toContain(filename);
}

async function failureOf(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error,
  );
}

describe('readPhotoPosition', () => {
  it('reads where a photo was taken from its EXIF GPS tags', async () => {
    const position = await readPhotoPosition(await phoneJpeg());
    expect(position?.latitude).toBeCloseTo(41.1522, 4);
    expect(position?.longitude).toBeCloseTo(-8.6094, 4);
  });

  it('answers null for a photo without GPS and for bytes that are no photo', async () => {
    expect(await readPhotoPosition(makePng(3, 3))).toBeNull();
    expect(await readPhotoPosition(Buffer.from('not a picture'))).toBeNull();
  });
});

describe('reencodePhoto', () => {
  it('re-encodes a JPEG without EXIF, GPS or XMP, its orientation applied to the pixels', async () => {
    const original = await phoneJpeg();
    expect(await readPhotoPosition(original)).not.toBeNull();

    const photo = await reencodePhoto({ filename: 'buraco na estrada.JPG', bytes: original });

    expect(photo).toMatchObject({ filename: 'buraco na estrada.jpg', mimeType: 'image/jpeg', width: 30, height: 40 });
    await expectNoMetadata(photo.bytes);
    const metadata = await sharp(photo.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 30, height: 40 });
    expect(metadata.orientation).toBeUndefined();
    // Still the same picture: the colour it was taken in.
    const { dominant } = await sharp(photo.bytes).stats();
    expect(dominant.r).toBeGreaterThan(180);
    expect(dominant.b).toBeLessThan(60);
  });

  it('keeps a PNG a PNG, without its eXIf chunk', async () => {
    const original = await sharp(makePng(20, 10, [12, 140, 233]))
      .png()
      .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: GPS })
      .toBuffer();
    expect(await readPhotoPosition(original)).not.toBeNull();

    const photo = await reencodePhoto({ filename: 'mapa.png', bytes: original });

    expect(photo).toMatchObject({ filename: 'mapa.png', mimeType: 'image/png', width: 20, height: 10 });
    await expectNoMetadata(photo.bytes);
    expect((await sharp(photo.bytes).metadata()).format).toBe('png');
  });

  it('turns a GIF into a PNG of its first frame', async () => {
    const photo = await reencodePhoto({ filename: 'animado.gif', bytes: TINY_GIF });
    expect(photo).toMatchObject({ filename: 'animado.png', mimeType: 'image/png', width: 1, height: 1 });
    expect((await sharp(photo.bytes).metadata()).format).toBe('png');
  });

  it(`shrinks a large photo to ${PHOTO_MAX_SIDE} px on its longest side and never enlarges a small one`, async () => {
    const large = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#444' } })
      .jpeg()
      .toBuffer();
    expect(await reencodePhoto({ filename: 'large.jpg', bytes: large })).toMatchObject({ width: 2560, height: 853 });
    expect(await reencodePhoto({ filename: 'small.png', bytes: makePng(5, 7) })).toMatchObject({ width: 5, height: 7 });
  });

  it('names the file when its bytes are not a picture, whatever its name says', async () => {
    for (const [filename, bytes] of [
      ['horario.png', makePdf()],
      ['texto.jpg', Buffer.from('hello, this is text')],
      ['desenho.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ] as const) {
      expectPhotoError(
        await failureOf(reencodePhoto({ filename, bytes }, 'images[1].contents')),
        'images[1].contents',
        'INVALID_FILE_TYPE',
        filename,
      );
    }
  });

  it('refuses a file that starts like a JPEG but is none', async () => {
    const bytes = Buffer.concat([JPEG_START, Buffer.alloc(2000, 7)]);
    expectPhotoError(
      await failureOf(reencodePhoto({ filename: 'falso.jpg', bytes })),
      'file',
      'INVALID_FILE_TYPE',
      'falso.jpg',
    );
  });

  it('refuses a photo over the size limit before reading it', async () => {
    const bytes = Buffer.concat([await phoneJpeg(), Buffer.alloc(PHOTO_MAX_BYTES)]);
    expectPhotoError(
      await failureOf(reencodePhoto({ filename: 'enorme.jpg', bytes })),
      'file',
      'FILE_TOO_LARGE',
      'enorme.jpg',
    );
  });

  it('refuses a small file that claims an enormous picture, without decoding it', async () => {
    // A 1×1 PNG whose header is rewritten to claim 20000×20000 pixels.
    const png = Buffer.from(makePng(1, 1));
    png.writeUInt32BE(20_000, 16);
    png.writeUInt32BE(20_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    expectPhotoError(
      await failureOf(reencodePhoto({ filename: 'bomba.png', bytes: png })),
      'file',
      'FILE_TOO_LARGE',
      'bomba.png',
    );
  });
});
