import type { TPagedList, TPageQuery } from '@mip/shared';
import { and, type SQL, sql } from 'drizzle-orm';
import { toPagedList } from '../http/pagination.ts';
import type { TExecutor } from './database.ts';

export interface TSortColumn {
  expression: SQL;
  /** Nulls go last whichever the direction; only said of nullable columns, so indexes on the others still serve. */
  isNullable?: boolean;
}

/** One paged list of the spec: what to select, from where, which filters, which sort orders it offers. */
export interface TPagedSearch {
  /** The select list, without the keyword. */
  columns: SQL;
  /** `from …` with every join the columns and sort orders need. */
  from: SQL;
  /** The joins the conditions need, when fewer than `from`: the count reads only these. */
  countFrom?: SQL;
  where: (SQL | undefined)[];
  sortColumns: Record<string, TSortColumn>;
  defaultSort: string;
  defaultDirection?: 'ASC' | 'DESC';
  /** A unique column after the sort column, so pages neither overlap nor skip rows. */
  tiebreak: SQL;
  /**
   * Up to this many matches are picked out first and then sorted, never read
   * along an index in sort order: a search's matches can all lie at the far
   * end of that order ("maria" among names that start at "Álvaro"), and then
   * walking the index to fill one page reads half the table. Beyond it the
   * matches are dense enough for the index. Leave it out for lists whose
   * index order is always the right plan (the audit log, newest first).
   */
  sortFirstUpTo?: number;
}

type TDirection = 'ASC' | 'DESC';

/** ORDER BY `expression` then the tiebreak, in one direction; nulls last for a nullable column. */
function orderSql(expression: SQL, column: TSortColumn, tiebreak: SQL, direction: TDirection): SQL {
  const dir = sql.raw(direction === 'DESC' ? 'desc' : 'asc');
  const nulls = column.isNullable ? sql` nulls last` : sql``;
  return sql`order by ${expression} ${dir}${nulls}, ${tiebreak} ${dir}`;
}

function sortColumnOf(search: TPagedSearch, sortProperty: string | undefined): TSortColumn {
  return search.sortColumns[sortProperty ?? search.defaultSort] ?? search.sortColumns[search.defaultSort];
}

/** The ORDER BY of a search, in the direction asked for or the search's default. */
export function orderBySql(search: TPagedSearch, sortProperty: string | undefined, direction: TDirection): SQL {
  const column = sortColumnOf(search, sortProperty);
  return orderSql(column.expression, column, search.tiebreak, direction);
}

/**
 * Runs a search and answers the spec's paged list. When the matches are few
 * (see sortFirstUpTo) one query picks them out, counts and sorts them;
 * otherwise the page and the count run side by side.
 */
export async function searchPage<TRow, TItem>(
  db: TExecutor,
  search: TPagedSearch,
  query: TPageQuery,
  present: (row: TRow) => TItem,
): Promise<TPagedList<TItem>> {
  const sortBy =
    query.sortProperty && query.sortProperty in search.sortColumns ? query.sortProperty : search.defaultSort;
  const direction = query.sortDirection ?? search.defaultDirection ?? 'ASC';
  const conditions = and(...search.where);
  const where = conditions ? sql`where ${conditions}` : sql``;
  const paging = sql`limit ${query.itemsPerPage} offset ${query.currentPage * query.itemsPerPage}`;
  const answer = (rows: Record<string, unknown>[], totalItems: number) =>
    toPagedList((rows as TRow[]).map(present), totalItems, { ...query, sortDirection: direction }, sortBy);
  const count = () =>
    db
      .execute<{ total: number }>(sql`select count(*)::int as total ${search.countFrom ?? search.from} ${where}`)
      .then((result) => result.rows[0].total);

  if (search.sortFirstUpTo !== undefined) {
    const column = sortColumnOf(search, sortBy);
    // The fence: the sort key is copied out of the matches, so no index can order them; only the page's
    // rows are then read whole.
    const pageOrder = orderSql(sql`sort_key`, column, sql`match_id`, direction);
    const { rows } = await db.execute<Record<string, unknown> & { total_items: number }>(
      sql`with matched as materialized (
            select ${search.tiebreak} as match_id, ${column.expression} as sort_key ${search.from} ${where}
             limit ${search.sortFirstUpTo + 1}
          ), page as (
            select match_id, sort_key from matched ${pageOrder} ${paging}
          )
          select ${search.columns}, (select count(*)::int from matched) as total_items
            ${search.from} join page on page.match_id = ${search.tiebreak}
          ${orderSql(sql`page.sort_key`, column, sql`page.match_id`, direction)}`,
    );
    const matched = rows[0]?.total_items;
    if (matched !== undefined && matched <= search.sortFirstUpTo) return answer(rows, matched);
    // A page past the end says nothing of the total; too many matches go the index's way.
    if (matched === undefined) {
      const totalItems = query.currentPage === 0 ? 0 : await count();
      if (totalItems <= search.sortFirstUpTo) return answer([], totalItems);
    }
  }
  const [page, totalItems] = await Promise.all([
    db.execute<Record<string, unknown>>(
      sql`select ${search.columns} ${search.from} ${where} ${orderBySql(search, sortBy, direction)} ${paging}`,
    ),
    count(),
  ]);
  return answer(page.rows, totalItems);
}
