import {
  HELP_IMAGE_FILE_TYPES,
  HELP_IMAGE_MAX_MB,
  HELP_IMAGE_MAX_SIDE,
  HELP_IMAGE_UNUSED_HOURS,
  type THelpImage,
} from '@mip/shared';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { helpArticles, helpImages } from '../../db/schema/index.ts';
import { recordAudit, type TActor } from '../../http/audit.ts';
import { fieldErrors, notFound } from '../../http/errors.ts';
import { reencodeImage, type TImageRules } from '../../lib/photos.ts';
import type { TUploadedFile } from '../documents/documents.service.ts';
import { toHelpImage, toHelpImageRecord } from './help.presenter.ts';

const HELP_IMAGE_RULES: TImageRules = {
  accept: HELP_IMAGE_FILE_TYPES as TImageRules['accept'],
  maxMb: HELP_IMAGE_MAX_MB,
  maxSide: HELP_IMAGE_MAX_SIDE,
  // A help image may well be a short screen recording: its animation is worth keeping.
  keepsGifAnimation: true,
  fallbackName: 'imagem',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The sweep is no one's doing: the audit log names it instead of a user. */
const SWEEP_ACTOR: TActor = { userId: null, impersonatorUserId: null, ip: null, userAgent: 'help-image-sweep' };

/**
 * POST /help/images: stores a picture for an article, re-encoded without its
 * metadata and shrunk to HELP_IMAGE_MAX_SIDE; the article refers to it by the
 * answered src once it is saved.
 */
export async function storeHelpImage(db: TDatabase, file: TUploadedFile | null, actor: TActor): Promise<THelpImage> {
  if (!file || file.bytes.length === 0) throw fieldErrors([{ property: 'file', error: 'MISSING_FILE' }]);
  const image = await reencodeImage(file, HELP_IMAGE_RULES);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(helpImages)
      .values({
        filename: image.filename,
        mimeType: image.mimeType,
        size: image.bytes.length,
        width: image.width,
        height: image.height,
        contents: image.bytes,
        createdByUserId: actor.userId,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'CREATE',
      recordType: 'help_image',
      recordId: row.id,
      after: toHelpImageRecord(row),
    });
    return toHelpImage(row);
  });
}

/** GET /help/images/{id}: the image with its bytes, or 404 (also for an id that could never be one). */
export async function readHelpImage(db: TExecutor, id: string) {
  if (!UUID.test(id)) throw notFound();
  const [row] = await db.select().from(helpImages).where(eq(helpImages.id, id.toLowerCase()));
  if (!row) throw notFound();
  return row;
}

/**
 * Deletes the images that no article's contents name any more and that were
 * uploaded more than HELP_IMAGE_UNUSED_HOURS ago: an image cut from an
 * article, or uploaded for one never saved, does not live forever, while one
 * just uploaded for an article still being written is left alone. Each
 * deletion is audited. Answers how many went.
 */
export async function sweepUnusedHelpImages(db: TDatabase, now = new Date()): Promise<number> {
  const uploadedBefore = new Date(now.getTime() - HELP_IMAGE_UNUSED_HOURS * 3_600_000);
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(helpImages)
      .where(
        and(
          lt(helpImages.createdAt, uploadedBefore),
          // The id is a uuid: it cannot turn up in an article's text by accident.
          sql`not exists (select 1 from ${helpArticles} where strpos(${helpArticles.contents}, ${helpImages.id}::text) > 0)`,
        ),
      )
      .returning();
    for (const row of removed) {
      await recordAudit(tx, SWEEP_ACTOR, {
        action: 'DELETE',
        recordType: 'help_image',
        recordId: row.id,
        before: toHelpImageRecord(row),
      });
    }
    return removed.length;
  });
}
