import { type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from './database.ts';

/**
 * Deletes the rows of `table` that `where` matches, `chunk` at a time, so a
 * sweep after a long pause never holds long locks nor makes one huge
 * transaction. The table must have an `id` key. Answers how many went.
 */
export async function deleteInChunks(db: TExecutor, table: string, where: SQL, chunk: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await db.execute(
      sql`delete from ${sql.identifier(table)} where id in
            (select id from ${sql.identifier(table)} where ${where} limit ${chunk})`,
    );
    const count = result.rowCount ?? 0;
    deleted += count;
    if (count < chunk) return deleted;
  }
}
