import type {
  TDashboard,
  TDashboardInput,
  TDashboardSearchQuery,
  TDashboardSummary,
  TPagedList,
  TParameterValues,
  TQueryResult,
  TTableExportFormat,
  TWidgetConfig,
  TWidgetPreviewResponse,
} from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { downloadFile } from '../../api/download';

export type TDashboardSearch = Partial<Record<keyof TDashboardSearchQuery, unknown>>;

export function useDashboardSearch(query: TDashboardSearch) {
  return useQuery({
    queryKey: ['dashboards', 'search', query],
    queryFn: ({ signal }) => api.get<TPagedList<TDashboardSummary>>('dashboards/search', query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDashboard(id: number | null) {
  return useQuery({
    queryKey: ['dashboards', id],
    queryFn: () => api.get<TDashboard>(`dashboards/${id}`),
    enabled: id !== null,
  });
}

export const saveDashboard = (id: number | null, input: TDashboardInput) =>
  id === null ? api.post<TDashboard>('dashboards', input) : api.put<TDashboard>(`dashboards/${id}`, input);

export const deleteDashboard = (id: number) => api.delete<{ success: true }>(`dashboards/${id}`);

/**
 * Where a widget's rows come from: the widget as saved on its dashboard, or
 * — in the editor — the widget as its form has it, saved or not.
 */
export type TWidgetRows =
  | { kind: 'saved'; dashboardId: number }
  | { kind: 'preview'; dashboardId: number | null; config: TWidgetConfig };

/** The editor's widget as the server checks it (HTML cleaned) and, for a chart or table, its rows. */
export const previewWidget = (dashboardId: number | null, config: TWidgetConfig, parameters: TParameterValues) =>
  api.post<TWidgetPreviewResponse>('dashboards/widgets/preview', { dashboardId, widget: config, parameters });

/** A widget's rows, with the viewer's values for the parameters the widget leaves open. */
export function useWidgetData(rows: TWidgetRows, widgetId: number, parameters: TParameterValues, enabled: boolean) {
  return useQuery({
    queryKey:
      rows.kind === 'saved'
        ? ['dashboards', rows.dashboardId, 'widget', widgetId, parameters]
        : ['dashboards', 'widget-preview', rows.dashboardId, rows.config, parameters],
    queryFn: async (): Promise<TQueryResult> => {
      if (rows.kind === 'saved') {
        return api.post<TQueryResult>(`dashboards/${rows.dashboardId}/widget/${widgetId}`, { parameters });
      }
      const { result } = await previewWidget(rows.dashboardId, rows.config, parameters);
      // Only a widget with a source is previewed here, and the server answers such a widget's rows.
      if (!result) throw new Error('The widget preview answered no rows for a widget with a source');
      return result;
    },
    // The editor's preview keeps drawing the last rows while the next ones load, instead of blinking.
    placeholderData: rows.kind === 'preview' ? keepPreviousData : undefined,
    enabled,
  });
}

const EXPORT_TYPES: Record<TTableExportFormat, { extension: string; accept: string }> = {
  CSV: { extension: 'csv', accept: 'text/csv' },
  XLSX: { extension: 'xlsx', accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
};

/** Downloads a widget's rows as a file, with the same parameters it was drawn with. */
export const exportWidgetData = (
  dashboardId: number,
  widgetId: number,
  parameters: TParameterValues,
  format: TTableExportFormat,
  fileName: string,
) =>
  downloadFile(
    `dashboards/${dashboardId}/widget/${widgetId}/export`,
    {},
    { name: fileName, ...EXPORT_TYPES[format] },
    { parameters, format },
  );
