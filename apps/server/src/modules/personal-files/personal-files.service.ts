import type { TPagedList, TUserFile, TUserFileSearchQuery } from '@mip/shared';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { searchPage } from '../../db/paged-search.ts';
import { userFiles } from '../../db/schema/index.ts';
import { byFoldedText, matchesSearch } from '../../db/text-search.ts';
import { recordAudit, type TActor } from '../../http/audit.ts';
import { notFound } from '../../http/errors.ts';
import { type TUserFileSummaryRow, toUserFile, toUserFileRecord } from './personal-files.presenter.ts';

const { contents: _contents, ...summaryColumns } = getTableColumns(userFiles);

/** The caller's own files: nobody, administrators included, lists another user's files. */
export function searchUserFiles(
  db: TExecutor,
  userId: number,
  query: TUserFileSearchQuery,
): Promise<TPagedList<TUserFile>> {
  return searchPage(
    db,
    {
      columns: sql`f.id, f.user_id, f.filename, f.mime_type, f.size, f.origin, f.created_at`,
      from: sql`from user_files f`,
      where: [sql`f.user_id = ${userId}`, matchesSearch(query.universalSearch, [byFoldedText(sql`f.filename`)])],
      sortColumns: {
        createdAt: { expression: sql`f.created_at` },
        filename: { expression: sql`f.filename collate pt_natural` },
        size: { expression: sql`f.size` },
      },
      defaultSort: 'createdAt',
      defaultDirection: 'DESC',
      tiebreak: sql`f.id`,
    },
    query,
    (row: Record<string, unknown>) =>
      toUserFile({
        id: row.id as number,
        userId: row.user_id as number,
        filename: row.filename as string,
        mimeType: row.mime_type as string,
        size: row.size as number,
        origin: row.origin as TUserFileSummaryRow['origin'],
        createdAt: new Date(row.created_at as string),
      }),
  );
}

/** One of the caller's files with its bytes; another user's answers as missing. */
export async function readUserFileContents(db: TExecutor, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(userFiles)
    .where(and(eq(userFiles.id, id), eq(userFiles.userId, userId)));
  if (!row) throw notFound();
  return row;
}

/** Stores a generated file in a user's personal area (inside the caller's transaction). */
export async function storeUserFile(
  db: TExecutor,
  actor: TActor,
  file: { userId: number; filename: string; mimeType: string; origin: TUserFile['origin']; contents: Buffer },
): Promise<TUserFile> {
  const [row] = await db
    .insert(userFiles)
    .values({ ...file, size: file.contents.length })
    .returning(summaryColumns);
  await recordAudit(db, actor, {
    action: 'CREATE',
    recordType: 'user_file',
    recordId: row.id,
    after: toUserFileRecord(row),
  });
  return toUserFile(row);
}

export async function deleteUserFile(db: TDatabase, userId: number, id: number, actor: TActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .delete(userFiles)
      .where(and(eq(userFiles.id, id), eq(userFiles.userId, userId)))
      .returning(summaryColumns);
    if (!before) throw notFound();
    await recordAudit(tx, actor, {
      action: 'DELETE',
      recordType: 'user_file',
      recordId: id,
      before: toUserFileRecord(before),
    });
  });
}
