import {
  DATA_SOURCE_PREVIEW_ROWS,
  type TDataSource,
  type TDataSourceSummary,
  type TPagedList,
  type TQueryResult,
  type TWidgetSource,
  type ZDataSourceInput,
  type ZDataSourcePreviewInput,
  type ZDataSourceSearchQuery,
} from '@mip/shared';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { searchPage } from '../../db/paged-search.ts';
import { dashboardWidgets, dataSources } from '../../db/schema/index.ts';
import { byFoldedText, matchesSearch } from '../../db/text-search.ts';
import { diffRecords, recordAudit, type TActor } from '../../http/audit.ts';
import { deleteFailed, notFound } from '../../http/errors.ts';
import { validateQueryDefinition } from '../queries/query-definition.ts';
import { toQueryAppError } from '../queries/query-errors.ts';
import { checkParameterValues, type TQueryRunner } from '../queries/query-runner.ts';
import type { TQueryCaller } from '../queries/sql-template.ts';
import {
  type TDataSourceRow,
  toDataSource,
  toDataSourceRecord,
  toDataSourceSummary,
} from './data-sources.presenter.ts';

type TInput = z.infer<typeof ZDataSourceInput>;
type TPreviewInput = z.infer<typeof ZDataSourcePreviewInput>;
type TSearchQuery = z.infer<typeof ZDataSourceSearchQuery>;

const WIDGET_COUNT = sql<number>`(select count(*)::int from dashboard_widgets w where w.source_id = s.id)`;

function fromSqlRow(row: Record<string, unknown>): TDataSourceRow {
  return {
    id: row.id as number,
    name: row.name as string,
    description: row.description as string,
    query: row.query as string,
    parameters: row.parameters as TDataSourceRow['parameters'],
    queryColumns: row.query_columns as string[],
    scopedToEntities: row.scoped_to_entities as boolean,
    timeoutMs: row.timeout_ms as number,
    createdAt: new Date(row.created_at as string),
    updatedAt: new Date(row.updated_at as string),
  };
}

export function searchDataSources(db: TDatabase, query: TSearchQuery): Promise<TPagedList<TDataSourceSummary>> {
  return searchPage(
    db,
    {
      columns: sql`s.*, ${WIDGET_COUNT} as widget_count`,
      from: sql`from data_sources s`,
      where: [matchesSearch(query.universalSearch, [byFoldedText(sql`s.name`), byFoldedText(sql`s.description`)])],
      sortColumns: {
        name: { expression: sql`s.name collate pt_natural` },
        updatedAt: { expression: sql`s.updated_at` },
      },
      defaultSort: 'name',
      tiebreak: sql`s.id`,
    },
    query,
    (row: Record<string, unknown>) => toDataSourceSummary(fromSqlRow(row), row.widget_count as number),
  );
}

async function widgetCountOf(db: TExecutor, id: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(dashboardWidgets).where(eq(dashboardWidgets.sourceId, id));
  return row.total;
}

export async function readDataSource(db: TExecutor, id: number): Promise<TDataSource> {
  const [row] = await db.select().from(dataSources).where(eq(dataSources.id, id));
  if (!row) throw notFound();
  return toDataSource(row, await widgetCountOf(db, id));
}

/** Every source with what a widget editor needs of it: its columns and parameters. */
export async function listDataSources(db: TDatabase): Promise<TWidgetSource[]> {
  return db
    .select({
      id: dataSources.id,
      name: dataSources.name,
      queryColumns: dataSources.queryColumns,
      parameters: dataSources.parameters,
    })
    .from(dataSources)
    .orderBy(sql`${dataSources.name} collate pt_natural`, asc(dataSources.id));
}

/** The row to store: the input as checked, with the columns its query answers with. */
async function toColumns(runner: TQueryRunner, caller: TQueryCaller, input: TInput) {
  const queryColumns = await validateQueryDefinition(runner, caller, {
    query: input.query,
    parameters: input.parameters,
    timeoutMs: input.timeoutMs,
    requireEntityScope: input.scopedToEntities,
  });
  return { ...input, queryColumns };
}

export async function createDataSource(
  db: TDatabase,
  runner: TQueryRunner,
  caller: TQueryCaller,
  input: TInput,
  actor: TActor,
): Promise<TDataSource> {
  const columns = await toColumns(runner, caller, input);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(dataSources).values(columns).returning();
    await recordAudit(tx, actor, {
      action: 'CREATE',
      recordType: 'data_source',
      recordId: row.id,
      after: toDataSourceRecord(row),
    });
    return toDataSource(row, 0);
  });
}

export async function updateDataSource(
  db: TDatabase,
  runner: TQueryRunner,
  caller: TQueryCaller,
  id: number,
  input: TInput,
  actor: TActor,
): Promise<TDataSource> {
  const [existing] = await db.select({ id: dataSources.id }).from(dataSources).where(eq(dataSources.id, id));
  if (!existing) throw notFound();
  const columns = await toColumns(runner, caller, input);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(dataSources).where(eq(dataSources.id, id)).for('update');
    if (!before) throw notFound();
    const [after] = await tx
      .update(dataSources)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(eq(dataSources.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'UPDATE',
      recordType: 'data_source',
      recordId: id,
      ...diffRecords(toDataSourceRecord(before), toDataSourceRecord(after)),
    });
    return toDataSource(after, await widgetCountOf(tx, id));
  });
}

/** A source that widgets draw stays: removing it would blank their dashboards. */
export async function deleteDataSource(db: TDatabase, id: number, actor: TActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(dataSources).where(eq(dataSources.id, id)).for('update');
    if (!before) throw notFound();
    const widgets = await widgetCountOf(tx, id);
    if (widgets > 0) {
      throw deleteFailed(`The data source "${before.name}" is used by ${widgets} widget(s)`, {
        reason: 'DATA_SOURCE_IN_USE',
        name: before.name,
        count: widgets,
      });
    }
    await tx.delete(dataSources).where(eq(dataSources.id, id));
    await recordAudit(tx, actor, {
      action: 'DELETE',
      recordType: 'data_source',
      recordId: id,
      before: toDataSourceRecord(before),
    });
  });
}

/** Runs a query as it stands in the editor (saved or not) on the values given, for its first rows. */
export async function previewDataSource(
  runner: TQueryRunner,
  caller: TQueryCaller,
  input: TPreviewInput,
): Promise<TQueryResult> {
  checkParameterValues(input.parameters, input.values, 'values');
  try {
    const {
      sqlMs: _sqlMs,
      bytes: _bytes,
      ...result
    } = await runner.run({
      query: input.query,
      parameters: input.parameters,
      values: input.values,
      caller,
      timeoutMs: input.timeoutMs,
      rowCap: DATA_SOURCE_PREVIEW_ROWS,
      // An author trying runaway queries holds at most their share of the pool, as a widget's viewer does.
      share: { sourceKey: `preview:${caller.userId}`, clientKey: `user:${caller.userId}`, isVisitor: false },
    });
    return result;
  } catch (error) {
    throw toQueryAppError(error, 'PREVIEW_QUERY_ERROR');
  }
}
