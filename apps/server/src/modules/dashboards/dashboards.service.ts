import {
  isSourcedWidget,
  parameterScalarError,
  type TDashboard,
  type TDashboardSummary,
  type TFieldError,
  type TPagedList,
  type TParameterScalar,
  type TWidgetConfig,
  type TWidgetSource,
  type ZDashboardInput,
  type ZDashboardSearchQuery,
} from '@mip/shared';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { searchPage } from '../../db/paged-search.ts';
import { dashboards, dashboardWidgets, dataSources, entityProfiles, roles } from '../../db/schema/index.ts';
import { byFoldedText, matchesSearch } from '../../db/text-search.ts';
import { diffRecords, recordAudit, type TActor } from '../../http/audit.ts';
import { fieldErrors, notFound } from '../../http/errors.ts';
import { sanitizeRichHtml } from '../../lib/rich-html.ts';
import type { TAuthContext } from '../auth/session-store.ts';
import { findEntitiesOutOfScope } from '../entities/entity-scope.ts';
import { dashboardEditableSql, dashboardViewerOf, dashboardVisibleSql } from './dashboard-visibility.ts';
import {
  type TDashboardRow,
  type TWidgetRow,
  toDashboard,
  toDashboardRecord,
  toDashboardSummary,
  toWidgetColumns,
} from './dashboards.presenter.ts';

type TInput = z.infer<typeof ZDashboardInput>;
type TSearchQuery = z.infer<typeof ZDashboardSearchQuery>;

function fromSqlRow(row: Record<string, unknown>): TDashboardRow {
  return {
    id: row.id as number,
    name: row.name as string,
    description: row.description as string,
    isPublic: row.is_public as boolean,
    status: row.status as TDashboardRow['status'],
    restrictedProfileIds: row.restricted_profile_ids as number[],
    restrictedRoleIds: row.restricted_role_ids as number[],
    restrictedEntityIds: row.restricted_entity_ids as number[],
    createdBy: row.created_by as number | null,
    createdAt: new Date(row.created_at as string),
    updatedAt: new Date(row.updated_at as string),
  };
}

/** The dashboards the caller may see (spec 000 /dashboards). */
export function searchDashboards(
  db: TDatabase,
  auth: TAuthContext,
  query: TSearchQuery,
): Promise<TPagedList<TDashboardSummary>> {
  const viewer = dashboardViewerOf(auth);
  return searchPage(
    db,
    {
      columns: sql`d.*, (select count(*)::int from dashboard_widgets w where w.dashboard_id = d.id) as widget_count,
        ${dashboardEditableSql(viewer)} as is_editable`,
      from: sql`from dashboards d`,
      where: [
        dashboardVisibleSql(viewer),
        query.status?.length ? sql`d.status = any(${sql.param(query.status)}::text[])` : undefined,
        query.isPublic === undefined ? undefined : sql`d.is_public = ${query.isPublic === 'true'}`,
        query.ids?.length ? sql`d.id = any(${sql.param(query.ids)}::int[])` : undefined,
        matchesSearch(query.universalSearch, [byFoldedText(sql`d.name`), byFoldedText(sql`d.description`)]),
      ],
      sortColumns: {
        name: { expression: sql`d.name collate pt_natural` },
        status: { expression: sql`d.status` },
        updatedAt: { expression: sql`d.updated_at` },
      },
      defaultSort: 'name',
      tiebreak: sql`d.id`,
    },
    query,
    (row: Record<string, unknown>) =>
      toDashboardSummary(fromSqlRow(row), row.widget_count as number, row.is_editable as boolean),
  );
}

export async function loadSources(db: TExecutor, ids: number[]): Promise<Map<number, TWidgetSource>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: dataSources.id,
      name: dataSources.name,
      queryColumns: dataSources.queryColumns,
      parameters: dataSources.parameters,
    })
    .from(dataSources)
    .where(inArray(dataSources.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

async function loadWidgets(db: TExecutor, dashboardId: number): Promise<TWidgetRow[]> {
  return db
    .select()
    .from(dashboardWidgets)
    .where(eq(dashboardWidgets.dashboardId, dashboardId))
    .orderBy(asc(dashboardWidgets.position), asc(dashboardWidgets.id));
}

async function presentDashboard(db: TExecutor, row: TDashboardRow, isEditable: boolean) {
  const widgets = await loadWidgets(db, row.id);
  const sources = await loadSources(
    db,
    widgets.flatMap((widget) => (widget.sourceId === null ? [] : [widget.sourceId])),
  );
  return toDashboard(row, widgets, sources, isEditable);
}

/** A dashboard the caller may see, with its widgets; 404 for one they may not (or a visitor for a non-public one). */
export async function readDashboard(db: TDatabase, auth: TAuthContext | null, id: number): Promise<TDashboard> {
  const viewer = dashboardViewerOf(auth);
  const { rows } = await db.execute<Record<string, unknown>>(
    sql`select d.*, ${dashboardEditableSql(viewer)} as is_editable
          from dashboards d where d.id = ${id} and ${dashboardVisibleSql(viewer)}`,
  );
  if (!rows[0]) throw notFound();
  return presentDashboard(db, fromSqlRow(rows[0]), rows[0].is_editable as boolean);
}

/** Locks a dashboard the caller may edit, for the rest of the transaction; 404 for any other (outside their scope). */
async function lockEditableDashboard(tx: TExecutor, auth: TAuthContext, id: number): Promise<TDashboardRow> {
  const { rows } = await tx.execute<Record<string, unknown>>(
    sql`select d.* from dashboards d
         where d.id = ${id} and ${dashboardEditableSql(dashboardViewerOf(auth))} for update`,
  );
  if (!rows[0]) throw notFound();
  return fromSqlRow(rows[0]);
}

/**
 * The checks a widget list needs beyond its schema: real sources, their columns, their parameters; HTML
 * cleaned. Field errors name each widget by `pathOf(index)` (`widgets[0]` for a dashboard's list).
 */
export async function checkWidgets(
  db: TExecutor,
  widgets: TWidgetConfig[],
  pathOf: (index: number) => string = (index) => `widgets[${index}]`,
): Promise<TWidgetConfig[]> {
  const sources = await loadSources(
    db,
    widgets.flatMap((widget) => (widget.sourceId === null ? [] : [widget.sourceId])),
  );
  return checkWidgetsAgainst(widgets, sources, pathOf);
}

/** `checkWidgets` with the widgets' sources already read (the preview has its source, query and all). */
export function checkWidgetsAgainst(
  widgets: TWidgetConfig[],
  sources: ReadonlyMap<number, TWidgetSource>,
  pathOf: (index: number) => string,
): TWidgetConfig[] {
  const errors: TFieldError[] = [];
  const checked = widgets.map((widget, index) => {
    const at = (field: string) => `${pathOf(index)}.${field}`;
    if (!isSourcedWidget(widget.name)) {
      // Titles and HTML draw no data: a source left on them would only be misleading.
      const plain = { ...widget, sourceId: null, sourceConfig: { parameters: {} } };
      return plain.name === 'HTML' ? { ...plain, html: sanitizeRichHtml(plain.html) } : plain;
    }
    if (widget.sourceId === null) return widget;
    const source = sources.get(widget.sourceId);
    if (!source) {
      errors.push({ property: at('sourceId'), error: 'INVALID_SOURCE' });
      return widget;
    }
    const hasColumn = (column: string | null) => column === null || source.queryColumns.includes(column);
    const keyFields: [string, string | null][] = [];
    if (widget.name === 'PieChart' || widget.name === 'SimpleBarChart') {
      keyFields.push(['nameKey', widget.nameKey], ['dataKey', widget.dataKey]);
    }
    if (widget.name === 'MultiSeriesBarChart') {
      keyFields.push(['nameKey', widget.nameKey]);
      widget.series.forEach((serie, serieIndex) => {
        keyFields.push(
          [`series[${serieIndex}].dataKey`, serie.dataKey],
          [`series[${serieIndex}].property`, serie.property],
        );
      });
    }
    for (const [field, column] of keyFields) {
      if (!hasColumn(column)) errors.push({ property: at(field), error: 'INVALID_COLUMN' });
    }
    const fixed: Record<string, TParameterScalar | TParameterScalar[]> = {};
    for (const [name, value] of Object.entries(widget.sourceConfig.parameters)) {
      // An empty value fixes nothing: the viewer is asked for it.
      if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
      const definition = source.parameters.find((parameter) => parameter.variableName === name);
      const scalars = Array.isArray(value) ? value : [value];
      const isValid =
        definition !== undefined &&
        (definition.multiple || !Array.isArray(value)) &&
        scalars.every((scalar) => parameterScalarError(definition.type, scalar) === null);
      if (!isValid) errors.push({ property: at(`sourceConfig.parameters.${name}`), error: 'INVALID_PARAMETER' });
      else fixed[name] = value;
    }
    return { ...widget, sourceConfig: { parameters: fixed } };
  });
  if (errors.length > 0) throw fieldErrors(errors);
  return checked;
}

/** Restrictions must name existing profiles and roles, and entities the author may see. */
async function checkRestrictions(db: TExecutor, auth: TAuthContext, input: TInput): Promise<void> {
  const { profileIds, roleIds, entityIds } = input.restrictions;
  const errors: TFieldError[] = [];
  if (profileIds.length > 0) {
    const found = await db
      .select({ id: entityProfiles.id })
      .from(entityProfiles)
      .where(inArray(entityProfiles.id, profileIds));
    if (found.length !== new Set(profileIds).size)
      errors.push({ property: 'restrictions.profileIds', error: 'INVALID_PROFILE' });
  }
  if (roleIds.length > 0) {
    const found = await db.select({ id: roles.id }).from(roles).where(inArray(roles.id, roleIds));
    if (found.length !== new Set(roleIds).size)
      errors.push({ property: 'restrictions.roleIds', error: 'INVALID_ROLE' });
  }
  if ((await findEntitiesOutOfScope(db, auth, entityIds)).length > 0) {
    errors.push({ property: 'restrictions.entityIds', error: 'INVALID_ENTITY' });
  }
  if (errors.length > 0) throw fieldErrors(errors);
}

function dashboardColumns(input: TInput) {
  return {
    name: input.name,
    description: input.description,
    isPublic: input.isPublic,
    status: input.status,
    restrictedProfileIds: [...new Set(input.restrictions.profileIds)],
    restrictedRoleIds: [...new Set(input.restrictions.roleIds)],
    restrictedEntityIds: [...new Set(input.restrictions.entityIds)],
  };
}

/**
 * Saves the widget list whole, in order: widgets that carry the id of one of
 * this dashboard's widgets keep it; the others are new; those left out go.
 */
async function saveWidgets(tx: TExecutor, dashboardId: number, widgets: TWidgetConfig[]): Promise<void> {
  const existing = await tx
    .select({ id: dashboardWidgets.id })
    .from(dashboardWidgets)
    .where(eq(dashboardWidgets.dashboardId, dashboardId));
  const existingIds = new Set(existing.map((row) => row.id));
  const keptIds = widgets.flatMap((widget) =>
    widget.id !== undefined && existingIds.has(widget.id) ? [widget.id] : [],
  );
  await tx
    .delete(dashboardWidgets)
    .where(
      keptIds.length > 0
        ? and(eq(dashboardWidgets.dashboardId, dashboardId), notInArray(dashboardWidgets.id, keptIds))
        : eq(dashboardWidgets.dashboardId, dashboardId),
    );
  const kept = new Set(keptIds);
  for (const [position, widget] of widgets.entries()) {
    const columns = toWidgetColumns(widget, dashboardId, position);
    if (widget.id !== undefined && kept.has(widget.id)) {
      kept.delete(widget.id); // the same id twice: the second becomes a new widget
      await tx.update(dashboardWidgets).set(columns).where(eq(dashboardWidgets.id, widget.id));
    } else {
      await tx.insert(dashboardWidgets).values(columns);
    }
  }
}

export async function createDashboard(
  db: TDatabase,
  auth: TAuthContext,
  input: TInput,
  actor: TActor,
): Promise<TDashboard> {
  const widgets = await checkWidgets(db, input.widgets);
  await checkRestrictions(db, auth, input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(dashboards)
      .values({ ...dashboardColumns(input), createdBy: auth.user.id })
      .returning();
    await saveWidgets(tx, row.id, widgets);
    const saved = await loadWidgets(tx, row.id);
    await recordAudit(tx, actor, {
      action: 'CREATE',
      recordType: 'dashboard',
      recordId: row.id,
      after: toDashboardRecord(row, saved),
    });
    return presentDashboard(tx, row, true);
  });
}

export async function updateDashboard(
  db: TDatabase,
  auth: TAuthContext,
  id: number,
  input: TInput,
  actor: TActor,
): Promise<TDashboard> {
  return db.transaction(async (tx) => {
    // Found and in scope first: a dashboard the caller may not edit answers 404, whatever the input.
    const before = await lockEditableDashboard(tx, auth, id);
    const widgets = await checkWidgets(tx, input.widgets);
    await checkRestrictions(tx, auth, input);
    const widgetsBefore = await loadWidgets(tx, id);
    const [after] = await tx
      .update(dashboards)
      .set({ ...dashboardColumns(input), updatedAt: sql`now()` })
      .where(eq(dashboards.id, id))
      .returning();
    await saveWidgets(tx, id, widgets);
    await recordAudit(tx, actor, {
      action: 'UPDATE',
      recordType: 'dashboard',
      recordId: id,
      ...diffRecords(toDashboardRecord(before, widgetsBefore), toDashboardRecord(after, await loadWidgets(tx, id))),
    });
    return presentDashboard(tx, after, true);
  });
}

export async function deleteDashboard(db: TDatabase, auth: TAuthContext, id: number, actor: TActor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockEditableDashboard(tx, auth, id);
    const widgets = await loadWidgets(tx, id);
    await tx.delete(dashboards).where(eq(dashboards.id, id));
    await recordAudit(tx, actor, {
      action: 'DELETE',
      recordType: 'dashboard',
      recordId: id,
      before: toDashboardRecord(before, widgets),
    });
  });
}
