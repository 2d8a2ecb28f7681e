import type { TDashboard, TDashboardSummary, TWidget, TWidgetConfig, TWidgetSource } from '@mip/shared';
import type { dashboards, dashboardWidgets } from '../../db/schema/index.ts';

export type TDashboardRow = typeof dashboards.$inferSelect;
export type TWidgetRow = typeof dashboardWidgets.$inferSelect;

export function toDashboardSummary(row: TDashboardRow, widgetCount: number, editable: boolean): TDashboardSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isPublic: row.isPublic,
    status: row.status,
    widgetCount,
    updatedAt: row.updatedAt.toISOString(),
    editable,
  };
}

export function toWidget(row: TWidgetRow, source: TWidgetSource | null): TWidget {
  return {
    ...(row.settings as object),
    id: row.id,
    name: row.type,
    title: row.title,
    size: { lg: row.sizeLg, md: row.sizeMd, sm: row.sizeSm },
    sourceId: row.sourceId,
    sourceConfig: { parameters: row.sourceParameters },
    sourceParameters: row.sourceParameters,
    allowTable: row.allowTable,
    allowExportChart: row.allowExportChart,
    allowExportTable: row.allowExportTable,
    source,
  } as TWidget;
}

export function toDashboard(
  row: TDashboardRow,
  widgets: TWidgetRow[],
  sources: Map<number, TWidgetSource>,
  editable: boolean,
): TDashboard {
  return {
    ...toDashboardSummary(row, widgets.length, editable),
    restrictions: {
      profileIds: row.restrictedProfileIds,
      roleIds: row.restrictedRoleIds,
      entityIds: row.restrictedEntityIds,
    },
    widgets: widgets.map((widget) =>
      toWidget(widget, widget.sourceId === null ? null : (sources.get(widget.sourceId) ?? null)),
    ),
  };
}

/** A widget's columns from its checked configuration. */
export function toWidgetColumns(widget: TWidgetConfig, dashboardId: number, position: number) {
  const {
    name,
    id: _id,
    title,
    size,
    sourceId,
    sourceConfig,
    allowTable,
    allowExportChart,
    allowExportTable,
    ...settings
  } = widget;
  return {
    dashboardId,
    position,
    type: name,
    title,
    sizeLg: size.lg,
    sizeMd: size.md,
    sizeSm: size.sm,
    sourceId,
    sourceParameters: sourceConfig.parameters,
    settings,
    allowTable,
    allowExportChart,
    allowExportTable,
  };
}

/** What the audit log keeps of a dashboard: its fields and its widgets in order, by type, title and source. */
export function toDashboardRecord(row: TDashboardRow, widgets: TWidgetRow[]) {
  const { createdAt: _created, updatedAt: _updated, ...fields } = row;
  return {
    ...fields,
    widgets: widgets.map(
      (widget) => `${widget.type} “${widget.title}”${widget.sourceId ? ` #${widget.sourceId}` : ''}`,
    ),
  };
}
