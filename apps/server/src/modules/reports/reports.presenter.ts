import type { TReportJob, TReportSchedule, TReportTemplate, TReportTemplateSummary } from '@mip/shared';
import type { reportJobs, reportSchedules, reportTemplates } from '../../db/schema/index.ts';

export type TReportTemplateRow = typeof reportTemplates.$inferSelect;
export type TReportJobRow = typeof reportJobs.$inferSelect;
export type TReportScheduleRow = typeof reportSchedules.$inferSelect;

export function toReportTemplate(row: TReportTemplateRow, scheduleCount: number): TReportTemplate {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    async: row.async,
    query: row.query,
    reference: row.reference,
    agreement: row.agreement,
    enabled: row.enabled,
    parameters: row.parameters,
    entityIds: row.entityIds,
    scheduleCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A generator's view of a template: what to fill in, never the SQL nor who else may see it. */
export function toReportTemplateSummary(row: TReportTemplateRow, scheduleCount: number): TReportTemplateSummary {
  const { query: _query, entityIds: _entityIds, ...summary } = toReportTemplate(row, scheduleCount);
  return summary;
}

/** What the audit log keeps of a template. */
export function toReportTemplateRecord(row: TReportTemplateRow) {
  const { createdAt: _created, updatedAt: _updated, ...fields } = row;
  return fields;
}

export function toReportJob(row: TReportJobRow, templateName: string): TReportJob {
  return {
    id: row.id,
    template: { id: row.templateId, name: templateName },
    scheduleId: row.scheduleId,
    format: row.format,
    status: row.status,
    progress: row.status === 'DONE' ? 100 : Math.round(row.progress * 10) / 10,
    rowsDone: row.rowsDone,
    rowsTotal: row.rowsTotal,
    error: row.error,
    fileId: row.fileId,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export function toReportSchedule(
  row: TReportScheduleRow,
  related: {
    templateName: string;
    ownerName: string;
    subscribers: { id: number; name: string; email: string }[];
  },
): TReportSchedule {
  return {
    id: row.id,
    template: { id: row.templateId, name: related.templateName },
    owner: { id: row.ownerId, name: related.ownerName },
    parameters: row.parameters,
    format: row.format,
    recurrence: row.recurrence,
    recurringTime: row.recurringTime,
    dayOfWeek: row.dayOfWeek,
    dayOfMonth: row.dayOfMonth,
    subscribers: related.subscribers,
    enabled: row.enabled,
    nextGenerationAt: row.nextGenerationAt?.toISOString() ?? null,
    lastGeneratedAt: row.lastGeneratedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a schedule, its subscribers included. */
export function toReportScheduleRecord(row: TReportScheduleRow, subscriberIds: number[]) {
  const { createdAt: _created, updatedAt: _updated, lastGeneratedAt: _last, ...fields } = row;
  return { ...fields, subscriberIds };
}
