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
import type { TAuthContext } from '../auth/session-store.ts';
import { queryCallerOf } from '../queries/query-caller.ts';
import { toQueryAppError } from '../queries/query-errors.ts';
import type { TQueryRunner } from '../queries/query-runner.ts';
import { bindsCallerEntities, type TQueryCaller } from '../queries/sql-template.ts';
import { createReportWriter, reportFilename, reportMimeType } from '../reports/report-files.ts';
import { dashboardViewerOf, dashboardVisibleSql } from './dashboard-visibility.ts';

interface TSourcedWidget {
  type: string;
  title: string;
  source_parameters: TParameterValues;
  allow_export_table: boolean;
  allow_export: boolean | null;
  query: string;
  parameters: TQueryParameterDefinition[];
  timeout_ms: number;
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
               s.query, s.parameters, s.timeout_ms
          from dashboard_widgets w
          join dashboards d on d.id = w.dashboard_id
          join data_sources s on s.id = w.source_id
         where w.id = ${widgetId} and w.dashboard_id = ${dashboardId} and ${dashboardVisibleSql(dashboardViewerOf(auth))}`,
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** The caller as the query binds it; their entities are looked up only when the query asks for them. */
async function callerFor(db: TDatabase, auth: TAuthContext | null, widget: TSourcedWidget): Promise<TQueryCaller> {
  if (bindsCallerEntities(widget.query, widget.parameters)) return queryCallerOf(db, auth);
  return { userId: auth?.user.id ?? null, entityIds: [] };
}

async function runWidgetQuery(
  db: TDatabase,
  runner: TQueryRunner,
  auth: TAuthContext | null,
  widget: TSourcedWidget,
  viewerValues: TParameterValues,
) {
  try {
    return await runner.run({
      query: widget.query,
      parameters: widget.parameters,
      // What the widget fixes, the viewer cannot change (spec: the filter offers only the other parameters).
      values: { ...viewerValues, ...widget.source_parameters },
      caller: await callerFor(db, auth, widget),
      timeoutMs: widget.timeout_ms,
      rowCap: DATA_SOURCE_ROW_CAP,
    });
  } catch (error) {
    throw toQueryAppError(error, 'REPORT_QUERY_ERROR');
  }
}

/** Spec 001 §7 POST /dashboards/{dashboardId}/widget/{widgetId}: the widget's headers and rows. */
export async function readWidgetData(
  db: TDatabase,
  runner: TQueryRunner,
  auth: TAuthContext | null,
  ids: { dashboardId: number; widgetId: number },
  viewerValues: TParameterValues,
): Promise<TQueryResult & { sqlMs: number }> {
  const widget = await loadSourcedWidget(db, auth, ids.dashboardId, ids.widgetId);
  return runWidgetQuery(db, runner, auth, widget, viewerValues);
}

/** The widget's rows as a CSV or XLSX file, when the widget allows its table to be exported. */
export async function exportWidgetData(
  db: TDatabase,
  runner: TQueryRunner,
  auth: TAuthContext | null,
  ids: { dashboardId: number; widgetId: number },
  input: { parameters: TParameterValues; format: TTableExportFormat },
): Promise<{ filename: string; mimeType: string; contents: Buffer }> {
  const widget = await loadSourcedWidget(db, auth, ids.dashboardId, ids.widgetId);
  const isExportable = widget.allow_export_table || (widget.type === 'TableWidget' && widget.allow_export !== false);
  if (!isExportable) throw notFound();
  const result = await runWidgetQuery(db, runner, auth, widget, input.parameters);
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
