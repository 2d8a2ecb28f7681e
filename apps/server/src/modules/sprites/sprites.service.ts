import {
  MAX_SPRITE_ICONS,
  SPRITE_PATH,
  type TPagedList,
  type TSpriteIcon,
  type TSpriteSheetInfo,
  type ZSpriteIconInput,
  type ZSpriteSearchQuery,
} from '@mip/shared';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { searchPage } from '../../db/paged-search.ts';
import { spriteIcons, spriteSheets } from '../../db/schema/index.ts';
import { byFoldedText, matchesSearch } from '../../db/text-search.ts';
import { diffRecords, recordAudit, type TActor } from '../../http/audit.ts';
import { AppError, fieldErrors, notFound, rethrowUniqueViolation } from '../../http/errors.ts';
import { sanitizeSvg } from '../../lib/svg.ts';
import { buildSpriteSheet, drawsAnything, measureIcon } from './sprite-sheet.ts';
import { type TSpriteIconRow, toSpriteIcon, toSpriteRecord } from './sprites.presenter.ts';

type TSpriteInput = z.infer<typeof ZSpriteIconInput>;
type TSpriteSearch = z.infer<typeof ZSpriteSearchQuery>;

export const SPRITE_PIXEL_RATIOS = [1, 2] as const;
const DUPLICATE_NAME = { sprite_icons_name_key: { property: 'name', error: 'DUPLICATE_NAME' } };
/** Any fixed number: sprite writes queue on it, so each rebuild sees every icon committed before it. */
const SPRITE_LOCK_KEY = 7_417_372_002;

export function searchSprites(db: TDatabase, query: TSpriteSearch): Promise<TPagedList<TSpriteIcon>> {
  return searchPage(
    db,
    {
      columns: sql`s.id, s.name, s.svg, s.size, s.width, s.height, s.created_at as "createdAt", s.updated_at as "updatedAt"`,
      from: sql`from sprite_icons s`,
      where: [matchesSearch(query.universalSearch, [byFoldedText(sql`s.name`)])],
      sortColumns: {
        name: { expression: sql`s.name` },
        size: { expression: sql`s.size` },
        createdAt: { expression: sql`s.created_at` },
        updatedAt: { expression: sql`s.updated_at` },
      },
      defaultSort: 'name',
      tiebreak: sql`s.id`,
    },
    query,
    (row: TSpriteIconRow) => toSpriteIcon(row),
  );
}

export async function readSprite(db: TExecutor, id: number): Promise<TSpriteIcon> {
  const [row] = await db.select().from(spriteIcons).where(eq(spriteIcons.id, id));
  if (!row) throw notFound();
  return toSpriteIcon(row);
}

/** Sanitised markup and its box on the sheet; refuses what does not survive as an SVG image. */
function toColumns(input: TSpriteInput) {
  const svg = sanitizeSvg(input.svg);
  if (svg === null || !drawsAnything(svg)) throw fieldErrors([{ property: 'svg', error: 'INVALID_ICON' }]);
  return { name: input.name, svg, size: input.size, ...measureIcon(svg, input.size) };
}

/** Builds both sheets from every icon and stores them, inside the writing transaction. */
async function rebuildSheets(tx: TExecutor): Promise<void> {
  const icons = await tx
    .select({ name: spriteIcons.name, svg: spriteIcons.svg, width: spriteIcons.width, height: spriteIcons.height })
    .from(spriteIcons)
    .orderBy(asc(spriteIcons.name));
  for (const pixelRatio of SPRITE_PIXEL_RATIOS) {
    const sheet = buildSpriteSheet(icons, pixelRatio);
    const values = {
      png: sheet.png,
      index: sheet.index,
      width: sheet.width,
      height: sheet.height,
      etag: sheet.etag,
      iconCount: icons.length,
      builtAt: sql`now()`,
    };
    await tx
      .insert(spriteSheets)
      .values({ pixelRatio, ...values })
      .onConflictDoUpdate({ target: spriteSheets.pixelRatio, set: values });
  }
}

/** One sprite write: serialised with the others, audited, and the sheets rebuilt before it commits. */
function writeSprites<T>(db: TDatabase, work: (tx: TExecutor) => Promise<T>): Promise<T> {
  return db
    .transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SPRITE_LOCK_KEY}::bigint)`);
      const result = await work(tx);
      await rebuildSheets(tx);
      return result;
    })
    .catch((error) => rethrowUniqueViolation(error, DUPLICATE_NAME));
}

export async function createSprite(db: TDatabase, input: TSpriteInput, actor: TActor): Promise<TSpriteIcon> {
  const columns = toColumns(input);
  return writeSprites(db, async (tx) => {
    const [{ total }] = await tx.select({ total: count() }).from(spriteIcons);
    if (total >= MAX_SPRITE_ICONS) {
      throw new AppError('TOO_MANY_ICONS', { message: `The sheet holds at most ${MAX_SPRITE_ICONS} icons` });
    }
    const [row] = await tx.insert(spriteIcons).values(columns).returning();
    await recordAudit(tx, actor, {
      action: 'CREATE',
      recordType: 'sprite',
      recordId: row.id,
      after: toSpriteRecord(row),
    });
    return toSpriteIcon(row);
  });
}

export async function updateSprite(
  db: TDatabase,
  id: number,
  input: TSpriteInput,
  actor: TActor,
): Promise<TSpriteIcon> {
  const columns = toColumns(input);
  return writeSprites(db, async (tx) => {
    const [before] = await tx.select().from(spriteIcons).where(eq(spriteIcons.id, id)).for('update');
    if (!before) throw notFound();
    const [after] = await tx
      .update(spriteIcons)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(eq(spriteIcons.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'UPDATE',
      recordType: 'sprite',
      recordId: id,
      ...diffRecords(toSpriteRecord(before), toSpriteRecord(after)),
    });
    return toSpriteIcon(after);
  });
}

export async function deleteSprite(db: TDatabase, id: number, actor: TActor): Promise<void> {
  await writeSprites(db, async (tx) => {
    const [before] = await tx.delete(spriteIcons).where(eq(spriteIcons.id, id)).returning();
    if (!before) throw notFound();
    await recordAudit(tx, actor, {
      action: 'DELETE',
      recordType: 'sprite',
      recordId: id,
      before: toSpriteRecord(before),
    });
  });
}

export async function readSpriteSheetInfo(db: TDatabase): Promise<TSpriteSheetInfo> {
  const sheets = await db
    .select({
      pixelRatio: spriteSheets.pixelRatio,
      width: spriteSheets.width,
      height: spriteSheets.height,
      iconCount: spriteSheets.iconCount,
      builtAt: spriteSheets.builtAt,
    })
    .from(spriteSheets);
  const one = sheets.find((sheet) => sheet.pixelRatio === 1);
  const two = sheets.find((sheet) => sheet.pixelRatio === 2);
  return {
    iconCount: one?.iconCount ?? 0,
    builtAt: one ? new Date(one.builtAt).toISOString() : null,
    width: one?.width ?? 1,
    height: one?.height ?? 1,
    width2x: two?.width ?? 2,
    height2x: two?.height ?? 2,
    spriteUrl: `/api/${SPRITE_PATH}`,
  };
}
