import { cleanFilename, detectFileType, EVENT_REQUEST_PHOTO_MAX_MB, FILE_TYPES, MEGABYTE } from '@mip/shared';
import exifr from 'exifr';
import sharp from 'sharp';
import { AppError } from '../http/errors.ts';

/** A reported photo is shrunk to this on its longest side: plenty for a card, and it bounds what we store. */
export const PHOTO_MAX_SIDE = 2560;
export const PHOTO_MAX_BYTES = EVENT_REQUEST_PHOTO_MAX_MB * MEGABYTE;
/**
 * A small file can claim a huge picture (a decompression bomb): beyond this
 * many pixels the photo is refused before it is decoded. 64 MP covers any
 * phone camera's full-size output.
 */
const MAX_INPUT_PIXELS = 64_000_000;
const JPEG_QUALITY = 85;

export interface TPhotoFile {
  filename: string;
  bytes: Buffer;
}

export interface TCleanPhoto {
  filename: string;
  mimeType: 'image/jpeg' | 'image/png';
  bytes: Buffer;
  width: number;
  height: number;
}

function photoError(code: 'INVALID_FILE_TYPE' | 'FILE_TOO_LARGE', filename: string, property: string): AppError {
  const reason = code === 'FILE_TOO_LARGE' ? `is larger than ${EVENT_REQUEST_PHOTO_MAX_MB} MB` : 'is not a picture';
  return new AppError('FORM_ERROR', {
    message: `The file ${filename} ${reason}`,
    fieldErrors: [{ property, error: code }],
  });
}

/**
 * Re-encodes a photo sent by the public so that none of its metadata survives
 * (EXIF, XMP, IPTC: above all the GPS position of the reporter's camera),
 * with its orientation applied to the pixels. JPEG stays JPEG, PNG stays PNG,
 * a GIF becomes a PNG of its first frame. Anything that is not really a PNG,
 * GIF or JPEG by its bytes is refused (INVALID_FILE_TYPE on `property`), and so
 * is anything over EVENT_REQUEST_PHOTO_MAX_MB (FILE_TOO_LARGE).
 * Privacy-relevant: this is the only thing between a reporter's camera and
 * what staff, and after acceptance the public, can download.
 */
export async function reencodePhoto(file: TPhotoFile, property = 'file'): Promise<TCleanPhoto> {
  if (file.bytes.length > PHOTO_MAX_BYTES) throw photoError('FILE_TOO_LARGE', file.filename, property);
  const type = detectFileType(file.bytes);
  if (type !== 'jpeg' && type !== 'png' && type !== 'gif')
    throw photoError('INVALID_FILE_TYPE', file.filename, property);
  const output = type === 'jpeg' ? 'jpeg' : 'png';
  try {
    // failOn 'error': a truncated or corrupt picture is refused rather than stored half-grey.
    const image = sharp(file.bytes, {
      autoOrient: true,
      failOn: 'error',
      limitInputPixels: MAX_INPUT_PIXELS,
    }).resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    // Without keepExif / keepXmp / withMetadata sharp writes no metadata at all: that is the point.
    const encoded = output === 'jpeg' ? image.jpeg({ quality: JPEG_QUALITY }) : image.png();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const { extension, mimeType } = FILE_TYPES[output];
    const base = cleanFilename(file.filename, `photo.${extension}`).replace(/\.[A-Za-z0-9]{1,5}$/, '');
    return {
      filename: `${base || 'photo'}.${extension}`,
      mimeType,
      bytes: data,
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw photoError('FILE_TOO_LARGE', file.filename, property);
    }
    throw photoError('INVALID_FILE_TYPE', file.filename, property);
  }
}

/** Where a photo was taken, from its EXIF GPS tags; null when it says nothing (or cannot be read). */
export async function readPhotoPosition(bytes: Buffer): Promise<{ latitude: number; longitude: number } | null> {
  try {
    // The types promise an answer; for a picture without GPS tags exifr gives undefined.
    const position = (await exifr.gps(bytes)) as { latitude?: number; longitude?: number } | undefined;
    const { latitude, longitude } = position ?? {};
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
    if (Math.abs(latitude as number) > 90 || Math.abs(longitude as number) > 180) return null;
    return { latitude: latitude as number, longitude: longitude as number };
  } catch {
    return null;
  }
}
