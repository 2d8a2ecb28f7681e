import type { TFieldError } from '@mip/shared';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { errorText, toFormPath } from '../../components/server-errors';

/** The form's fields in the order they are shown: the first one in error gets the focus. */
export const REPORT_FIELDS = ['categoryId', 'participantName', 'participantEmail', 'title', 'description'] as const;

/**
 * Spec 001 §5: this form says its own sentences for the missing fields ('Deve indicar o seu nome'…);
 * any other code reads as everywhere else.
 */
export function reportErrorText(t: TFunction, code: string): string {
  return t(`reportEvent.errors.${code}`, { defaultValue: errorText(t, code) });
}

/** Field errors (from the shared schema before sending, or from the server after) as the form shows them. */
export function toReportErrors(t: TFunction, errors: readonly TFieldError[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const { property, error } of errors) {
    // A photo's problem belongs to the photos field, whichever photo it was.
    const path = toFormPath(property).replace(/^images\..*/, 'images');
    result[path] ??= reportErrorText(t, error);
  }
  return result;
}

export const issuesOf = (error: z.ZodError): TFieldError[] =>
  error.issues.map((issue) => ({ property: issue.path.map(String).join('.'), error: issue.message }));

/** A file's bytes in base64, without the data: prefix (ZEventRequestPhoto.contents). */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('file could not be read'));
    reader.readAsDataURL(file);
  });
}

export interface TPhotoLocation {
  longitude: number;
  latitude: number;
}

/**
 * Where the photo was taken, from its EXIF GPS block, if it has one. The reader (exifr) loads only now:
 * most visitors never send a photo. The server strips the metadata; this is the only chance to offer it.
 */
export async function readPhotoLocation(file: File): Promise<TPhotoLocation | null> {
  try {
    const { gps } = await import('exifr/dist/lite.esm.mjs');
    const position = await gps(file);
    if (!position) return null;
    const { latitude, longitude } = position;
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180 || (latitude === 0 && longitude === 0)) return null;
    return { latitude, longitude };
  } catch {
    return null;
  }
}
