import {
  DATA_SOURCE_ROW_CAP,
  type TParameterValues,
  type TQueryParameterDefinition,
  type TQueryResult,
  type TTableExportFormat,
} from '@mip/shared';
import { sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import type { TSharedResultCache } from '../../lib/shared-result-cache.ts';
import type { TAuthContext } from '../auth/session-store.ts';
import { queryCallerOf } from '../queries/query-caller.ts';
import { toQueryAppError } from '../queries/query-errors.ts';
import type { TQueryRunner, TQueryShare } from '../queries/query-runner.ts';
import { bindsCallerEntities, type TQueryCaller } from '../queries/sql-template.ts';
import { createReportWriter, reportFilename, reportMimeType } from '../reports/report-files.ts';
import { dashboardViewerOf, dashboardVisibleSql } from './dashboard-visibility.ts';

/** Who asks for a widget's data, beyond their session: their address, and the cache visitors share. */
export interface TWidgetVisit {
  clientAddress: string;
  cache: TSharedResultCache<TWidgetResult>;
}

/** A widget's query result with what it cost: the SQL's time, and its size (what the cache weighs). */
export type TWidgetResult = TQueryResult & { sqlMs: number; bytes: number };

/** What running a widget's query needs of its source. */
export interface TWidgetQuery {
  query: string;
  parameters: TQueryParameterDefinition[];
  timeout_ms: number;
  source_id: number;
}

interface TSourcedWidget extends TWidgetQuery {
  type: string;
  title: string;
  source_parameters: TParameterValues;
  allow_export_table: boolean;
  allow_export: boolean | null;
  /** The versions of the dashboard and of the source: a cached result of older ones is not served. */
  version: string;
}

/** A widget with its source, if the caller may see its dashboard and it draws data; 404 otherwise. */
async function loadSourcedWidget(
  db: TDatabase,
  auth: TAuthContext | null,
  dashboardId: number,
  widgetId: number,
): Promise<TSourcedWidget> {
  const { rows } = await db.execute<TSourcedWidget & Record<string, unknown>>(
    sql`select w.type, w.title, w.source_parameters, w.allow_export_table,
               (w.settings->>'allowExport')::boolean as allow_export,
               s.query, s.parameters, s.timeout_ms, s.id as source_id,
               d.updated_at::text || '/' || s.updated_at::text as version
          from dashboard_widgets w
          join dashboards d on d.id = w.dashboard_id
          join data_sources s on s.id = w.source_id
         where w.id = ${widgetId} and w.dashboard_id = ${dashboardId} and ${dashboardVisibleSql(dashboardViewerOf(auth))}`,
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** The caller as the query binds it; their entities are looked up only when the query asks for them. */
async function callerFor(db: TDatabase, auth: TAuthContext | null, widget: TWidgetQuery): Promise<TQueryCaller> {
  if (bindsCallerEntities(widget.query, widget.parameters)) return queryCallerOf(db, auth);
  return { userId: auth?.user.id ?? null, entityIds: [] };
}

/** The caller's share of the query pool: per data source, per user or visitor address, staff apart. */
function shareOf(auth: TAuthContext | null, widget: TWidgetQuery, clientAddress: string): TQueryShare {
  return {
    sourceKey: `source:${widget.source_id}`,
    clientKey: auth ? `user:${auth.user.id}` : `ip:${clientAddress}`,
    isVisitor: auth === null,
  };
}

/** The values in a fixed order, so the same filter in another order finds the same cached result. */
function valuesKey(values: TParameterValues): string {
  return JSON.stringify(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The widget's query on these values, bounded as every widget's is: the source's timeout, the row cap, the caller's share of the pool. */
export async function runWidgetQuery(
  db: TDatabase,
  runner: TQueryRunner,
  auth: TAuthContext | null,
  widget: TWidgetQuery,
  values: TParameterValues,
  clientAddress: string,
): Promise<TWidgetResult> {
  try {
    return await runner.run({
      query: widget.query,
      parameters: widget.parameters,
      values,
      caller: await callerFor(db, auth, widget),
      timeoutMs: widget.timeout_ms,
      rowCap: DATA_SOURCE_ROW_CAP,
      share: shareOf(auth, widget, clientAddress),
    });
  } catch (error) {
    throw toQueryAppError(error, 'REPORT_QUERY_ERROR');
  }
}

/** What the widget fixes, the viewer cannot change (spec: the filter offers only the other parameters). */
export const widgetValues = (fixed: TParameterValues, viewerValues: TParameterValues): TParameterValues => ({
  ...viewerValues,
  ...fixed,
});

/** Spec 001 §7 POST /dashboards/{dashboardId}/widget/{widgetId}: the widget's headers and rows. */
export async function readWidgetData(
  db: TDatabase,
  runner: TQueryRunner,
  auth: TAuthContext | null,
  ids: { dashboardId: number; widgetId: number },
  viewerValues: TParameterValues,
  visit: TWidgetVisit,
): Promise<TWidgetResult> {
  const widget = await loadSourcedWidget(db, auth, ids.dashboardId, ids.widgetId);
  const values = widgetValues(widget.source_parameters, viewerValues);
  const run = () => runWidgetQuery(db, runner, auth, widget, values, visit.clientAddress);
  // Only visitors share results: a visitor's query binds no user and no entities, so every visitor gets the
  // same rows, whereas a signed-in user's may depend on who they are (and staff expect what is there now).
  if (auth) return run();
  return visit.cache.read(`${ids.dashboardId}:${ids.widgetId}:${widget.version}:${valuesKey(values)}`, run);
}

/** The widget's rows as a CSV or XLSX file, when the widget allows its table to be exported. */
export async function exportWidgetData(
  db: TDatabase,
  runner: TQueryRunner,
  auth: TAuthContext | null,
  ids: { dashboardId: number; widgetId: number },
  input: { parameters: TParameterValues; format: TTableExportFormat },
  clientAddress: string,
): Promise<{ filename: string; mimeType: string; contents: Buffer }> {
  const widget = await loadSourcedWidget(db, auth, ids.dashboardId, ids.widgetId);
  const isExportable = widget.allow_export_table || (widget.type === 'TableWidget' && widget.allow_export !== false);
  if (!isExportable) throw notFound();
  const result = await runWidgetQuery(
    db,
    runner,
    auth,
    widget,
    widgetValues(widget.source_parameters, input.parameters),
    clientAddress,
  );
  const generatedAt = new Date();
  const writer = await createReportWriter(input.format, {
    title: widget.title,
    parameters: [],
    generatedAt,
    language: auth?.user.language ?? 'pt-PT',
  });
  await writer.columns(result.headers, result.columnTypes);
  await writer.rows(result.rows);
  return {
    filename: reportFilename(widget.title || 'dados', input.format, generatedAt),
    mimeType: reportMimeType(input.format),
    contents: await writer.finish(),
  };
}
