import { cleanFilename, detectFileType, EVENT_REQUEST_PHOTO_MAX_MB, FILE_TYPES, MEGABYTE } from '@mip/shared';
import { AppError } from '../http/errors.ts';

// sharp (with libvips) and exifr are loaded with the first picture, not with the server: a server that
// receives none does not hold them (with nodemailer loaded the same way, an idle server is 10–15 MB smaller).
const loadSharp = () => import('sharp').then((module) => module.default);
const loadExifr = () => import('exifr').then((module) => module.default);

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

type TImageType = 'png' | 'jpeg' | 'gif' | 'webp';

/** What one kind of upload takes: its kinds of picture, its size in bytes and how large it is kept. */
export interface TImageRules {
  accept: readonly TImageType[];
  maxMb: number;
  /** The longest side it is shrunk to (never enlarged). */
  maxSide: number;
  /** Whether a GIF stays an (animated) GIF; otherwise it becomes a PNG of its first frame. */
  keepsGifAnimation?: boolean;
  /** The file's name when the uploaded one says nothing, without its extension. */
  fallbackName: string;
}

const PHOTO_RULES: TImageRules = {
  accept: ['jpeg', 'png', 'gif'],
  maxMb: EVENT_REQUEST_PHOTO_MAX_MB,
  maxSide: PHOTO_MAX_SIDE,
  fallbackName: 'photo',
};

export interface TPhotoFile {
  filename: string;
  bytes: Buffer;
}

export interface TCleanPhoto {
  filename: string;
  mimeType: (typeof FILE_TYPES)[TImageType]['mimeType'];
  bytes: Buffer;
  width: number;
  height: number;
}

function photoError(code: 'INVALID_FILE_TYPE' | 'FILE_TOO_LARGE', filename: string, property: string, maxMb: number) {
  const reason = code === 'FILE_TOO_LARGE' ? `is larger than ${maxMb} MB` : 'is not a picture';
  return new AppError('FORM_ERROR', {
    message: `The file ${filename} ${reason}`,
    fieldErrors: [{ property, error: code }],
  });
}

/** JPEG stays JPEG, WebP stays WebP, PNG stays PNG; a GIF stays a GIF only when its animation is kept. */
function outputOf(type: TImageType, rules: TImageRules): TImageType {
  if (type === 'gif') return rules.keepsGifAnimation ? 'gif' : 'png';
  return type;
}

/**
 * Re-encodes an uploaded picture so that none of its metadata survives
 * (EXIF, XMP, IPTC: above all the GPS position of the camera), with its
 * orientation applied to the pixels and its longest side shrunk to the
 * rules' maxSide. Anything that is not really one of the rules' kinds by its
 * bytes is refused (INVALID_FILE_TYPE on `property`), and so is anything over
 * their size (FILE_TOO_LARGE). Privacy-relevant: this is the only thing
 * between a camera (or a screenshot tool) and what others can download.
 */
export async function reencodeImage(file: TPhotoFile, rules: TImageRules, property = 'file'): Promise<TCleanPhoto> {
  if (file.bytes.length > rules.maxMb * MEGABYTE)
    throw photoError('FILE_TOO_LARGE', file.filename, property, rules.maxMb);
  const type = detectFileType(file.bytes);
  if (!rules.accept.includes(type as TImageType)) {
    throw photoError('INVALID_FILE_TYPE', file.filename, property, rules.maxMb);
  }
  const output = outputOf(type as TImageType, rules);
  const sharp = await loadSharp();
  try {
    // failOn 'error': a truncated or corrupt picture is refused rather than stored half-grey.
    const image = sharp(file.bytes, {
      autoOrient: true,
      failOn: 'error',
      limitInputPixels: MAX_INPUT_PIXELS,
      animated: output === 'gif' || output === 'webp',
    }).resize({ width: rules.maxSide, height: rules.maxSide, fit: 'inside', withoutEnlargement: true });
    // Without keepExif / keepXmp / withMetadata sharp writes no metadata at all: that is the point.
    const encoded = {
      jpeg: () => image.jpeg({ quality: JPEG_QUALITY }),
      png: () => image.png(),
      gif: () => image.gif(),
      webp: () => image.webp({ quality: JPEG_QUALITY }),
    }[output]();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const { extension, mimeType } = FILE_TYPES[output];
    const base = cleanFilename(file.filename, `${rules.fallbackName}.${extension}`).replace(/\.[A-Za-z0-9]{1,5}$/, '');
    return {
      filename: `${base || rules.fallbackName}.${extension}`,
      mimeType,
      bytes: data,
      width: info.width,
      // An animation's height is one frame's, not the strip of all of them.
      height: info.pageHeight ?? info.height,
    };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw photoError('FILE_TOO_LARGE', file.filename, property, rules.maxMb);
    }
    throw photoError('INVALID_FILE_TYPE', file.filename, property, rules.maxMb);
  }
}

/**
 * A photo sent by the public (an event request): JPEG stays JPEG, PNG stays
 * PNG, a GIF becomes a PNG of its first frame, at most
 * EVENT_REQUEST_PHOTO_MAX_MB and PHOTO_MAX_SIDE. See reencodeImage.
 */
export const reencodePhoto = (file: TPhotoFile, property = 'file') => reencodeImage(file, PHOTO_RULES, property);

/** Where a photo was taken, from its EXIF GPS tags; null when it says nothing (or cannot be read). */
export async function readPhotoPosition(bytes: Buffer): Promise<{ latitude: number; longitude: number } | null> {
  const exifr = await loadExifr();
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
