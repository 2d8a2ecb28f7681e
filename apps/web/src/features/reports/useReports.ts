import type {
  TPagedList,
  TParameterValues,
  TReportFormat,
  TReportJob,
  TReportSchedule,
  TReportScheduleInput,
  TReportScheduleSearchQuery,
  TReportTemplate,
  TReportTemplateInput,
  TReportTemplateSearchQuery,
  TReportTemplateSummary,
} from '@mip/shared';
import { MIME_TYPES } from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { downloadFile } from '../../api/download';

export type TReportTemplateSearch = Partial<Record<keyof TReportTemplateSearchQuery, unknown>>;
export type TReportScheduleSearch = Partial<Record<keyof TReportScheduleSearchQuery, unknown>>;
/** What the API answers of a template: all of it to a manager, no SQL to a generator. */
export type TTemplateSeen = TReportTemplate | TReportTemplateSummary;

/** A job that no longer moves: nothing more to poll. */
export const isJobFinished = (job: Pick<TReportJob, 'status'>) => job.status === 'DONE' || job.status === 'FAILED';

export function useReportTemplateSearch(query: TReportTemplateSearch) {
  return useQuery({
    queryKey: ['report-templates', 'search', query],
    queryFn: ({ signal }) => api.get<TPagedList<TTemplateSeen>>('report-templates/search', query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useReportTemplate(id: number | null) {
  return useQuery({
    queryKey: ['report-templates', id],
    queryFn: () => api.get<TTemplateSeen>(`report-templates/${id}`),
    enabled: id !== null,
  });
}

export const saveReportTemplate = (id: number | null, input: TReportTemplateInput) =>
  id === null
    ? api.post<TReportTemplate>('report-templates', input)
    : api.put<TReportTemplate>(`report-templates/${id}`, input);

export const deleteReportTemplate = (id: number) => api.delete<{ success: true }>(`report-templates/${id}`);

const EXTENSIONS: Record<TReportFormat, string> = { CSV: 'csv', XLSX: 'xlsx', PDF: 'pdf' };

/** A template that is not async: the browser downloads the file the server makes now. */
export const downloadReport = (
  template: Pick<TReportTemplateSummary, 'id' | 'name'>,
  parameters: TParameterValues,
  format: TReportFormat,
) =>
  downloadFile(
    `reports/${template.id}/generate`,
    {},
    { name: template.name, extension: EXTENSIONS[format], accept: MIME_TYPES[format] },
    { parameters, format },
  );

/** An async template: the queued job, which the progress bar then follows. */
export const queueReport = (templateId: number, parameters: TParameterValues, format: TReportFormat) =>
  api.post<TReportJob>(`reports/${templateId}/generate`, { parameters, format });

/** One generation, polled every second until it is done or failed. */
export function useReportJob(id: number | null) {
  return useQuery({
    queryKey: ['report-jobs', id],
    queryFn: ({ signal }) => api.get<TReportJob>(`reports/jobs/${id}`, undefined, signal),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && isJobFinished(query.state.data) ? false : 1000),
  });
}

/** The user's recent generations; polled while one of them still runs. */
export function useReportJobs(page: number, itemsPerPage: number) {
  return useQuery({
    queryKey: ['report-jobs', 'list', page, itemsPerPage],
    queryFn: ({ signal }) =>
      api.get<TPagedList<TReportJob>>('reports/jobs', { currentPage: page, itemsPerPage }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.content.some((job) => !isJobFinished(job)) ? 2000 : false),
  });
}

export function useReportScheduleSearch(query: TReportScheduleSearch) {
  return useQuery({
    queryKey: ['report-schedules', 'search', query],
    queryFn: ({ signal }) => api.get<TPagedList<TReportSchedule>>('report-schedules/search', query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useReportSchedule(id: number | null) {
  return useQuery({
    queryKey: ['report-schedules', id],
    queryFn: () => api.get<TReportSchedule>(`report-schedules/${id}`),
    enabled: id !== null,
  });
}

export const saveReportSchedule = (id: number | null, input: TReportScheduleInput) =>
  id === null
    ? api.post<TReportSchedule>('report-schedules', input)
    : api.put<TReportSchedule>(`report-schedules/${id}`, input);

export const deleteReportSchedule = (id: number) => api.delete<{ success: true }>(`report-schedules/${id}`);

/** "Generate now": one generation of the schedule, outside its recurrence. */
export const runScheduleNow = (id: number) => api.post<TReportJob>(`report-schedules/${id}/run-now`);

export interface TSubscriberOption {
  id: number;
  name: string;
  email: string;
}

export const searchSubscribers = (text: string, ids?: number[]) =>
  api.get<TSubscriberOption[]>('report-schedules/subscribers', {
    universalSearch: text,
    ids: ids && ids.length > 0 ? ids.join(',') : undefined,
  });
