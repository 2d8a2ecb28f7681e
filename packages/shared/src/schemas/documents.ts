import { z } from 'zod';
import { ZId } from './common.ts';

/**
 * The kinds of file the product takes (spec 001 §5): photos png, gif, jpeg;
 * documents pdf; svg and zip also defined. A file's kind is decided by its
 * first bytes, never by its name or the type the browser claims.
 */
export const FILE_TYPES = {
  png: { mimeType: 'image/png', extension: 'png' },
  gif: { mimeType: 'image/gif', extension: 'gif' },
  jpeg: { mimeType: 'image/jpeg', extension: 'jpg' },
  webp: { mimeType: 'image/webp', extension: 'webp' },
  pdf: { mimeType: 'application/pdf', extension: 'pdf' },
  svg: { mimeType: 'image/svg+xml', extension: 'svg' },
  zip: { mimeType: 'application/zip', extension: 'zip' },
} as const;
export type TFileType = keyof typeof FILE_TYPES;

export const PHOTO_FILE_TYPES: readonly TFileType[] = ['png', 'gif', 'jpeg'];
export const DOCUMENT_FILE_TYPES: readonly TFileType[] = ['pdf'];

/** Spec 001 §9: uploads default to 5 MB; the photo and PDF modals allow 15 MB and one file. */
export const DEFAULT_UPLOAD_MAX_MB = 5;
export const DOCUMENT_UPLOAD_MAX_MB = 15;
export const MEGABYTE = 1024 * 1024;
export const DOCUMENT_UPLOAD_MAX_BYTES = DOCUMENT_UPLOAD_MAX_MB * MEGABYTE;
/** How many leading bytes `detectFileType` needs to decide. */
export const FILE_SIGNATURE_BYTES = 512;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The file's kind from its magic number, or null when it is none of the kinds the product takes. */
export function detectFileType(bytes: Uint8Array): TFileType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  // RIFF, four bytes of length, then WEBP.
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  // PDF readers accept the header anywhere in the first kilobyte; real files put it first.
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, FILE_SIGNATURE_BYTES))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'svg';
  return null;
}

/** Where a document sits on its record: the Images section (photos) or the Files section (PDFs). */
export const DOCUMENT_CATEGORIES = ['PHOTO', 'FILE'] as const;
export type TDocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];
export const FILE_TYPES_BY_CATEGORY: Record<TDocumentCategory, readonly TFileType[]> = {
  PHOTO: PHOTO_FILE_TYPES,
  FILE: DOCUMENT_FILE_TYPES,
};

/** Records that hold documents; each domain registers its own kind on the server. */
export const DOCUMENT_OWNER_KINDS = ['MOBILITY_SYSTEM', 'EVENT', 'EVENT_REQUEST'] as const;
export type TDocumentOwnerKind = (typeof DOCUMENT_OWNER_KINDS)[number];

export const ZDocumentProps = z.object({ is360: z.boolean().optional() });

/** A document as lists show it: everything but the bytes. */
export const ZDocumentSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  filename: z.string(),
  type: z.string(),
  category: z.enum(DOCUMENT_CATEGORIES),
  size: z.number().int(),
  props: ZDocumentProps,
  isPublic: z.boolean(),
  createdAt: z.string(),
});
export type TDocumentSummary = z.infer<typeof ZDocumentSummary>;

/** Spec 001 §3 Document: id, title, filename, type, contents (base64), props{is360}. */
export const ZDocumentContents = z.object({
  id: z.number().int(),
  title: z.string(),
  filename: z.string(),
  type: z.string(),
  contents: z.string(),
  props: ZDocumentProps,
});
export type TDocumentContents = z.infer<typeof ZDocumentContents>;

export const DOCUMENT_TITLE_MAX = 200;

export const ZDocumentTitle = z
  .string({ error: 'MISSING_TITLE' })
  .trim()
  .min(1, { error: 'MISSING_TITLE' })
  .max(DOCUMENT_TITLE_MAX, { error: 'INVALID_TITLE' });

/** The text fields of an upload (multipart fields arrive as text). */
export const ZDocumentUploadFields = z.object({
  ownerKind: z.enum(DOCUMENT_OWNER_KINDS, { error: 'INVALID_OWNER' }),
  ownerId: z.coerce
    .number({ error: 'INVALID_OWNER' })
    .int({ error: 'INVALID_OWNER' })
    .positive({ error: 'INVALID_OWNER' })
    .max(2_147_483_647, { error: 'INVALID_OWNER' }),
  category: z.enum(DOCUMENT_CATEGORIES, { error: 'INVALID_CATEGORY' }),
  title: ZDocumentTitle,
  is360: z
    .enum(['true', 'false'], { error: 'INVALID_VALUE' })
    .optional()
    .transform((value) => value === 'true'),
});
export type TDocumentUploadFields = z.input<typeof ZDocumentUploadFields>;

/** PUT /documents/{id}: what can change after the upload. */
export const ZDocumentUpdate = z.object({
  title: ZDocumentTitle,
  is360: z.boolean({ error: 'INVALID_VALUE' }).optional(),
});
export type TDocumentUpdate = z.input<typeof ZDocumentUpdate>;

export const ZDocumentListQuery = z.object({
  ownerKind: z.enum(DOCUMENT_OWNER_KINDS, { error: 'INVALID_OWNER' }),
  ownerId: ZId,
});

/** A file name safe to store and to send back in a download: no folders, no control characters. */
export function cleanFilename(name: string, fallback = 'file'): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is being removed
  const clean = base.replace(/[\u0000-\u001f\u007f"<>|?*:]/g, '').trim();
  return (clean || fallback).slice(0, 200);
}
