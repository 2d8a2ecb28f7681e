import {
  cleanFilename,
  DOCUMENT_UPLOAD_MAX_BYTES,
  DOCUMENT_UPLOAD_MAX_MB,
  detectFileType,
  FILE_TYPES,
  FILE_TYPES_BY_CATEGORY,
  PHOTO_FILE_TYPES,
  type TDocumentCategory,
  type TDocumentContents,
  type TDocumentOwnerKind,
  type TDocumentSummary,
  type ZDocumentUpdate,
  type ZDocumentUploadFields,
} from '@mip/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { documents } from '../../db/schema/index.ts';
import { diffRecords, recordAudit, type TActor } from '../../http/audit.ts';
import { AppError, fieldErrors, forbidden } from '../../http/errors.ts';
import { PHOTO_MAX_SIDE, reencodeImage, type TImageRules } from '../../lib/photos.ts';
import type { TAuthContext } from '../auth/session-store.ts';
import { DOCUMENT_OWNERS } from './document-owners.ts';
import { toDocumentContents, toDocumentRecord, toDocumentSummary } from './documents.presenter.ts';

type TUploadFields = z.infer<typeof ZDocumentUploadFields>;
type TDocumentUpdateInput = z.infer<typeof ZDocumentUpdate>;

export interface TUploadedFile {
  filename: string;
  bytes: Buffer;
}

/** Spec 001 §8: 'Documento não encontrado' for a document that is not there (or not there for the caller). */
export const documentNotFound = () =>
  new AppError('DOCUMENT_NOT_FOUND', { message: 'Document not found', status: 404 });

const SUMMARY_COLUMNS = {
  id: documents.id,
  title: documents.title,
  filename: documents.filename,
  mimeType: documents.mimeType,
  category: documents.category,
  size: documents.size,
  props: documents.props,
  isPublic: documents.isPublic,
  createdAt: documents.createdAt,
};

/** The documents of one record, oldest first, without their bytes. */
export async function listDocumentsOf(
  db: TExecutor,
  ownerKind: TDocumentOwnerKind,
  ownerId: number,
): Promise<TDocumentSummary[]> {
  const rows = await db
    .select(SUMMARY_COLUMNS)
    .from(documents)
    .where(and(eq(documents.ownerKind, ownerKind), eq(documents.ownerId, ownerId)))
    .orderBy(asc(documents.id));
  return rows.map(toDocumentSummary);
}

const ownerOf = (kind: string) => DOCUMENT_OWNERS[kind as TDocumentOwnerKind] ?? null;

/** Whether the caller may see the documents of this record; callers answer 404 otherwise, so existence does not leak. */
async function canReadOwner(db: TExecutor, ownerKind: string, ownerId: number, auth: TAuthContext): Promise<boolean> {
  const owner = ownerOf(ownerKind);
  if (!owner?.canRead(auth)) return false;
  return owner.exists(db, ownerId, auth);
}

export async function listReadableDocuments(
  db: TExecutor,
  ownerKind: TDocumentOwnerKind,
  ownerId: number,
  auth: TAuthContext,
): Promise<TDocumentSummary[]> {
  if (!(await canReadOwner(db, ownerKind, ownerId, auth))) throw documentNotFound();
  return listDocumentsOf(db, ownerKind, ownerId);
}

/**
 * The file's kind is read from its bytes: a PDF named photo.png is refused,
 * whatever the browser said. Answers the detected type.
 */
function checkFile(file: TUploadedFile | null, category: TDocumentCategory) {
  if (!file || file.bytes.length === 0) throw fieldErrors([{ property: 'file', error: 'MISSING_FILE' }]);
  if (file.bytes.length > DOCUMENT_UPLOAD_MAX_BYTES) throw fieldErrors([{ property: 'file', error: 'FILE_TOO_LARGE' }]);
  const type = detectFileType(file.bytes);
  if (type === null || !FILE_TYPES_BY_CATEGORY[category].includes(type)) {
    throw fieldErrors([{ property: 'file', error: 'INVALID_FILE_TYPE' }]);
  }
  return FILE_TYPES[type];
}

const STAFF_PHOTO_RULES: TImageRules = {
  accept: PHOTO_FILE_TYPES as TImageRules['accept'],
  maxMb: DOCUMENT_UPLOAD_MAX_MB,
  maxSide: PHOTO_MAX_SIDE,
  fallbackName: 'photo',
};
/** A 360° photo keeps its detail: the viewer shows a small part of it at a time. */
const PANORAMA_RULES: TImageRules = { ...STAFF_PHOTO_RULES, maxSide: 8192 };

/**
 * What is stored of an upload. A photo is re-encoded like a reported one (see
 * reencodeImage): shown to the public, it keeps neither the camera's metadata
 * (GPS position, camera, author) nor anything that rode along in its bytes (a
 * script or a page after the picture). A PDF is kept as it came.
 */
async function storedFile(file: TUploadedFile | null, fields: TUploadFields) {
  const fileType = checkFile(file, fields.category);
  const upload = file as TUploadedFile;
  if (fields.category !== 'PHOTO') {
    const filename = cleanFilename(upload.filename, `${fields.category.toLowerCase()}.${fileType.extension}`);
    return { filename, mimeType: fileType.mimeType, bytes: upload.bytes };
  }
  return reencodeImage(upload, fields.is360 ? PANORAMA_RULES : STAFF_PHOTO_RULES);
}

export async function uploadDocument(
  db: TDatabase,
  fields: TUploadFields,
  file: TUploadedFile | null,
  auth: TAuthContext,
  actor: TActor,
): Promise<TDocumentSummary> {
  const owner = DOCUMENT_OWNERS[fields.ownerKind];
  if (!owner.canWrite(auth)) throw forbidden();
  const stored = await storedFile(file, fields);
  return db.transaction(async (tx) => {
    if (!(await owner.exists(tx, fields.ownerId, auth))) {
      throw fieldErrors([{ property: 'ownerId', error: 'INVALID_OWNER' }]);
    }
    const [row] = await tx
      .insert(documents)
      .values({
        ownerKind: fields.ownerKind,
        ownerId: fields.ownerId,
        category: fields.category,
        title: fields.title,
        filename: stored.filename,
        mimeType: stored.mimeType,
        size: stored.bytes.length,
        contents: stored.bytes,
        props: fields.category === 'PHOTO' ? { is360: fields.is360 } : {},
        isPublic: owner.isPublic,
        entityId: auth.user.entityId,
        createdBy: auth.user.id,
      })
      .returning(SUMMARY_COLUMNS);
    await recordAudit(tx, actor, {
      action: 'CREATE',
      recordType: 'document',
      recordId: row.id,
      after: toDocumentRecord({ ...row, ownerKind: fields.ownerKind, ownerId: fields.ownerId }),
    });
    return toDocumentSummary(row);
  });
}

/** A document's row without its bytes, locked for a change when asked. */
async function findDocument(db: TExecutor, id: number, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select({ ...SUMMARY_COLUMNS, ownerKind: documents.ownerKind, ownerId: documents.ownerId })
    .from(documents)
    .where(eq(documents.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** Loads a document the caller may change, or answers 404 / 403 as the spec's errors. */
async function findWritableDocument(tx: TExecutor, id: number, auth: TAuthContext) {
  const row = await findDocument(tx, id, { forUpdate: true });
  if (!row || !(await canReadOwner(tx, row.ownerKind, row.ownerId, auth))) throw documentNotFound();
  if (!ownerOf(row.ownerKind)?.canWrite(auth)) throw forbidden();
  return row;
}

export async function updateDocument(
  db: TDatabase,
  id: number,
  input: TDocumentUpdateInput,
  auth: TAuthContext,
  actor: TActor,
): Promise<TDocumentSummary> {
  return db.transaction(async (tx) => {
    const before = await findWritableDocument(tx, id, auth);
    const props =
      before.category === 'PHOTO' ? { is360: input.is360 ?? Boolean((before.props as { is360?: boolean }).is360) } : {};
    const [after] = await tx
      .update(documents)
      .set({ title: input.title, props, updatedAt: sql`now()` })
      .where(eq(documents.id, id))
      .returning(SUMMARY_COLUMNS);
    await recordAudit(tx, actor, {
      action: 'UPDATE',
      recordType: 'document',
      recordId: id,
      ...diffRecords(
        toDocumentRecord(before),
        toDocumentRecord({ ...after, ownerKind: before.ownerKind, ownerId: before.ownerId }),
      ),
    });
    return toDocumentSummary(after);
  });
}

export async function deleteDocument(db: TDatabase, id: number, auth: TAuthContext, actor: TActor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findWritableDocument(tx, id, auth);
    await tx.delete(documents).where(eq(documents.id, id));
    await recordAudit(tx, actor, {
      action: 'DELETE',
      recordType: 'document',
      recordId: id,
      before: toDocumentRecord(before),
    });
  });
}

/**
 * Removes every document of a record that is being deleted, in the caller's
 * transaction; each one is audited like a single delete.
 */
export async function deleteDocumentsOf(
  tx: TExecutor,
  ownerKind: TDocumentOwnerKind,
  ownerId: number,
  actor: TActor,
): Promise<void> {
  const removed = await tx
    .delete(documents)
    .where(and(eq(documents.ownerKind, ownerKind), eq(documents.ownerId, ownerId)))
    .returning({ ...SUMMARY_COLUMNS, ownerKind: documents.ownerKind, ownerId: documents.ownerId });
  for (const row of removed) {
    await recordAudit(tx, actor, {
      action: 'DELETE',
      recordType: 'document',
      recordId: row.id,
      before: toDocumentRecord(row),
    });
  }
}

async function readContentsRow(db: TExecutor, id: number) {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row ?? null;
}

/** GET /documents/{id}: the bytes for whoever may read the record the document belongs to. */
export async function readDocumentContents(db: TExecutor, id: number, auth: TAuthContext): Promise<TDocumentContents> {
  const row = await readContentsRow(db, id);
  if (!row || !(await canReadOwner(db, row.ownerKind, row.ownerId, auth))) throw documentNotFound();
  return toDocumentContents(row);
}

/** The public document row with its bytes, or 404 for one that is missing or not public (nor its record, now). */
export async function readPublicDocumentRow(db: TExecutor, id: number) {
  const row = await readContentsRow(db, id);
  if (!row?.isPublic) throw documentNotFound();
  const isPublicRecord = ownerOf(row.ownerKind)?.isPublicRecord;
  if (isPublicRecord && !(await isPublicRecord(db, row.ownerId))) throw documentNotFound();
  return row;
}

export async function readPublicDocumentContents(db: TExecutor, id: number): Promise<TDocumentContents> {
  return toDocumentContents(await readPublicDocumentRow(db, id));
}
