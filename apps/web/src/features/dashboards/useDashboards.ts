import type {
  TDashboard,
  TDashboardInput,
  TDashboardSearchQuery,
  TDashboardSummary,
  TPagedList,
  TParameterValues,
  TQueryResult,
  TTableExportFormat,
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

/** A widget's rows, with the viewer's values for the parameters the widget leaves open. */
export function useWidgetData(dashboardId: number, widgetId: number, parameters: TParameterValues, enabled: boolean) {
  return useQuery({
    queryKey: ['dashboards', dashboardId, 'widget', widgetId, parameters],
    queryFn: () => api.post<TQueryResult>(`dashboards/${dashboardId}/widget/${widgetId}`, { parameters }),
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
