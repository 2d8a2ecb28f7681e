import { isSourcedWidget, type TWidgetPreviewResponse, type ZWidgetPreviewRequest } from '@mip/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDatabase } from '../../db/database.ts';
import { dataSources } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { TAuthContext } from '../auth/session-store.ts';
import type { TQueryRunner } from '../queries/query-runner.ts';
import { dashboardEditableSql, dashboardViewerOf } from './dashboard-visibility.ts';
import { checkWidgetsAgainst } from './dashboards.service.ts';
import { runWidgetQuery, widgetValues } from './widget-data.service.ts';

type TPreviewInput = z.output<typeof ZWidgetPreviewRequest>;

/** The dashboard being edited must be one the caller may edit: 404 for any other, as its update would be. */
async function requireEditableDashboard(db: TDatabase, auth: TAuthContext, dashboardId: number): Promise<void> {
  const { rows } = await db.execute(
    sql`select 1 from dashboards d where d.id = ${dashboardId} and ${dashboardEditableSql(dashboardViewerOf(auth))}`,
  );
  if (rows.length === 0) throw notFound();
}

/** The source with what running it needs; 404 when there is none (a source deleted since the editor opened). */
async function loadPreviewSource(db: TDatabase, sourceId: number) {
  const [source] = await db
    .select({
      id: dataSources.id,
      name: dataSources.name,
      queryColumns: dataSources.queryColumns,
      parameters: dataSources.parameters,
      query: dataSources.query,
      timeoutMs: dataSources.timeoutMs,
    })
    .from(dataSources)
    .where(eq(dataSources.id, sourceId));
  if (!source) throw notFound();
  return source;
}

/**
 * The editor's live preview of a widget as its form has it, saved or not: the
 * same checks as saving it (columns of the source, fixed values that fit
 * their parameters, HTML cleaned by the same sanitiser) and, for a widget
 * that draws data, its rows as the saved widget's data would be read — the
 * source's timeout, the row cap and the caller's share of the query pool.
 * Nothing is stored.
 */
export async function previewWidget(
  db: TDatabase,
  runner: TQueryRunner,
  auth: TAuthContext,
  input: TPreviewInput,
  clientAddress: string,
): Promise<{ preview: TWidgetPreviewResponse; sqlMs: number | null }> {
  if (input.dashboardId !== null) await requireEditableDashboard(db, auth, input.dashboardId);
  const sourceId = isSourcedWidget(input.widget.name) ? input.widget.sourceId : null;
  const source = sourceId === null ? null : await loadPreviewSource(db, sourceId);
  // Checked against the source just read, as saving would check it against the same row.
  const [checked] = checkWidgetsAgainst([input.widget], new Map(source ? [[source.id, source]] : []), () => 'widget');
  const widget = {
    ...checked,
    id: checked.id ?? 0,
    source: source && {
      id: source.id,
      name: source.name,
      queryColumns: source.queryColumns,
      parameters: source.parameters,
    },
    sourceParameters: checked.sourceConfig.parameters,
  };
  if (!source) return { preview: { widget, result: null }, sqlMs: null };
  const {
    sqlMs,
    bytes: _bytes,
    ...result
  } = await runWidgetQuery(
    db,
    runner,
    auth,
    { query: source.query, parameters: source.parameters, timeout_ms: source.timeoutMs, source_id: source.id },
    widgetValues(checked.sourceConfig.parameters, input.parameters),
    clientAddress,
  );
  return { preview: { widget, result }, sqlMs };
}
