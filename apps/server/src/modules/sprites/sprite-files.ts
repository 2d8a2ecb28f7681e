import { eq } from 'drizzle-orm';
import type { TDatabase } from '../../db/database.ts';
import { spriteSheets } from '../../db/schema/index.ts';
import { buildSpriteSheet } from './sprite-sheet.ts';

export interface TSheetFiles {
  etag: string;
  png: Buffer;
  json: string;
}

/**
 * The sheets as served at /api/sprites/sprite(.json|.png|@2x…). Every map
 * load asks for them: each request reads only the stored ETag, and the bytes
 * are read again only when it moved. Before the first icon exists the
 * answer is a valid empty sheet, so a style that names the sprite still loads.
 */
export function createSpriteFileCache(db: TDatabase) {
  const cached = new Map<number, TSheetFiles>();
  const empty = new Map<number, TSheetFiles>();

  const emptySheet = (pixelRatio: number) => {
    let files = empty.get(pixelRatio);
    if (!files) {
      const sheet = buildSpriteSheet([], pixelRatio);
      files = { etag: sheet.etag, png: sheet.png, json: JSON.stringify(sheet.index) };
      empty.set(pixelRatio, files);
    }
    return files;
  };

  return async (pixelRatio: number): Promise<TSheetFiles> => {
    const [stored] = await db
      .select({ etag: spriteSheets.etag })
      .from(spriteSheets)
      .where(eq(spriteSheets.pixelRatio, pixelRatio));
    if (!stored) return emptySheet(pixelRatio);
    const known = cached.get(pixelRatio);
    if (known?.etag === stored.etag) return known;
    const [row] = await db
      .select({ etag: spriteSheets.etag, png: spriteSheets.png, index: spriteSheets.index })
      .from(spriteSheets)
      .where(eq(spriteSheets.pixelRatio, pixelRatio));
    if (!row) return emptySheet(pixelRatio);
    const files = { etag: row.etag, png: row.png, json: JSON.stringify(row.index) };
    cached.set(pixelRatio, files);
    return files;
  };
}
