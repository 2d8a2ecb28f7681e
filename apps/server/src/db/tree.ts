import { sql } from 'drizzle-orm';
import type { TExecutor } from './database.ts';

/** Tables whose rows hang under a parent row of the same table (parent_id). */
type TTreeTable = 'mobility_system_groups' | 'mobility_systems';

/**
 * Whether `parentId` can be the parent of row `selfId` (null for a new row):
 * it must exist and must not be the row itself or one below it, which would
 * close a loop. Walks up from the chosen parent.
 */
export async function isValidParent(
  db: TExecutor,
  table: TTreeTable,
  parentId: number,
  selfId: number | null,
): Promise<boolean> {
  const name = sql.identifier(table);
  const { rows } = await db.execute<{ id: number }>(
    sql`with recursive ancestors(id, parent_id) as (
          select id, parent_id from ${name} where id = ${parentId}
          union
          select t.id, t.parent_id from ${name} t join ancestors a on t.id = a.parent_id
        ) select id from ancestors`,
  );
  return rows.length > 0 && (selfId === null || !rows.some((row) => row.id === selfId));
}
