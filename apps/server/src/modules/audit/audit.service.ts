import type { TAuditEntry, TAuditSearchQuery, TPagedList } from '@mip/shared';
import { and, type SQL, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/database.ts';
import { orderBySql, searchPage, type TPagedSearch } from '../../db/paged-search.ts';
import { byFoldedColumn, byFoldedText, matchesSearch } from '../../db/text-search.ts';
import type { TAuthContext } from '../auth/session-store.ts';
import { entityInScopeSql } from '../entities/entity-scope.ts';
import { AUDIT_CSV_HEADER, type TAuditRow, toAuditCsvRow, toAuditEntry } from './audit.presenter.ts';

/** Beyond this an export is a backup, not a report. */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;
const EXPORT_BATCH_ROWS = 2_000;

const COLUMNS = sql`a.id, a.at, a.user_id, u.name as user_name, a.impersonator_user_id, i.name as impersonator_name,
  a.action, a.record_type, a.record_id, a.before, a.after, a.ip`;
// Left joins: the log outlives the users it names.
const FROM = sql`from audit_log a left join users u on u.id = a.user_id left join users i on i.id = a.impersonator_user_id`;

/**
 * The filters of the log. A caller limited to some entities sees only what
 * the users of those entities did.
 */
function auditConditions(auth: TAuthContext, query: TAuditSearchQuery): (SQL | undefined)[] {
  const usersInScope = entityInScopeSql(auth, sql`scoped.entity_id`);
  return [
    usersInScope ? sql`a.user_id in (select scoped.id from users scoped where ${usersInScope})` : undefined,
    query.userId ? sql`(a.user_id = ${query.userId} or a.impersonator_user_id = ${query.userId})` : undefined,
    query.recordType ? sql`a.record_type = ${query.recordType}` : undefined,
    query.recordId ? sql`a.record_id = ${query.recordId}` : undefined,
    query.action ? sql`a.action = ${query.action}` : undefined,
    query.from ? sql`a.at >= ${query.from}::timestamptz` : undefined,
    query.to ? sql`a.at < ${query.to}::timestamptz` : undefined,
    matchesSearch(query.universalSearch, [
      byFoldedColumn(sql`u.search_text`),
      byFoldedColumn(sql`i.search_text`),
      byFoldedText(sql`a.record_id`),
    ]),
  ];
}

function auditSearch(auth: TAuthContext, query: TAuditSearchQuery): TPagedSearch {
  return {
    columns: COLUMNS,
    from: FROM,
    where: auditConditions(auth, query),
    sortColumns: { at: { expression: sql`a.at` } },
    defaultSort: 'at',
    defaultDirection: 'DESC',
    tiebreak: sql`a.id`,
  };
}

export function searchAudit(
  db: TDatabase,
  auth: TAuthContext,
  query: TAuditSearchQuery,
): Promise<TPagedList<TAuditEntry>> {
  return searchPage(db, auditSearch(auth, query), query, toAuditEntry);
}

/**
 * The distinct values of one indexed column, read as a loose index scan (one
 * index probe per value) rather than a scan of the whole log.
 */
async function distinctValues(db: TDatabase, column: 'record_type' | 'action'): Promise<string[]> {
  const name = sql.raw(column);
  const { rows } = await db.execute<{ value: string }>(
    sql`with recursive found(value) as (
          select min(${name}) from audit_log
          union all
          select (select min(${name}) from audit_log where ${name} > found.value) from found where found.value is not null
        ) select value from found where value is not null`,
  );
  return rows.map((row) => row.value);
}

export async function listAuditFacets(db: TDatabase): Promise<{ recordTypes: string[]; actions: string[] }> {
  const [recordTypes, actions] = await Promise.all([distinctValues(db, 'record_type'), distinctValues(db, 'action')]);
  return { recordTypes, actions };
}

type TKeyedAuditRow = TAuditRow & { at_key: string };

/**
 * The filtered log as CSV text chunks: a BOM (so Excel reads the accents),
 * a header row, then the rows a batch at a time by keyset on (at, id), never
 * the whole table in memory. The first batch is read before this answers, so
 * a failing query is still an ordinary error response.
 */
export async function openAuditCsv(
  db: TDatabase,
  auth: TAuthContext,
  query: TAuditSearchQuery,
): Promise<AsyncIterable<string>> {
  const search = auditSearch(auth, query);
  const direction = query.sortDirection ?? 'DESC';
  const order = orderBySql(search, 'at', direction);
  const readBatch = async (after: TKeyedAuditRow | null, limit: number) => {
    const keyset = after
      ? direction === 'DESC'
        ? sql`(a.at, a.id) < (${after.at_key}::timestamptz, ${after.id})`
        : sql`(a.at, a.id) > (${after.at_key}::timestamptz, ${after.id})`
      : undefined;
    const conditions = and(...search.where, keyset);
    const { rows } = await db.execute<TKeyedAuditRow>(
      // at::text keeps the microseconds a JavaScript Date would lose, so the keyset never skips a row.
      sql`select ${COLUMNS}, a.at::text as at_key ${FROM} ${conditions ? sql`where ${conditions}` : sql``}
          ${order} limit ${limit}`,
    );
    return rows;
  };
  const first = await readBatch(null, Math.min(EXPORT_BATCH_ROWS, AUDIT_EXPORT_MAX_ROWS));
  async function* chunks() {
    yield `\uFEFF${AUDIT_CSV_HEADER}`;
    let batch = first;
    let sent = 0;
    while (batch.length > 0) {
      yield batch.map(toAuditCsvRow).join('');
      sent += batch.length;
      const remaining = AUDIT_EXPORT_MAX_ROWS - sent;
      if (batch.length < EXPORT_BATCH_ROWS || remaining <= 0) return;
      batch = await readBatch(batch[batch.length - 1], Math.min(EXPORT_BATCH_ROWS, remaining));
    }
  }
  return chunks();
}
