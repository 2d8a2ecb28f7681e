import {
  hasParameterValue,
  REPORT_ROW_CAP,
  REPORT_SYNC_TIMEOUT_MS,
  type TPagedList,
  type TPageQuery,
  type TParameterValues,
  type TQueryParameterDefinition,
  type TReportFormat,
  type TReportJob,
} from '@mip/shared';
import { sql } from 'drizzle-orm';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { searchPage } from '../../db/paged-search.ts';
import { reportJobs } from '../../db/schema/index.ts';
import { recordAudit, type TActor } from '../../http/audit.ts';
import { notFound } from '../../http/errors.ts';
import type { TJobQueue } from '../../jobs/define-job.ts';
import { queueReportGeneration } from '../../jobs/reports.ts';
import type { TAuthContext } from '../auth/session-store.ts';
import { queryCallerOf } from '../queries/query-caller.ts';
import { toQueryAppError } from '../queries/query-errors.ts';
import { checkParameterValues, type TQueryCaller, type TQueryRunner } from '../queries/query-runner.ts';
import { createReportWriter, reportFilename, reportMimeType } from './report-files.ts';
import { loadTemplateInReach, templateDisabled } from './report-templates.service.ts';
import { type TReportJobRow, type TReportTemplateRow, toReportJob } from './reports.presenter.ts';

/** Only the template's own parameters travel on: anything else in the body is dropped. */
export function pickParameterValues(definitions: TQueryParameterDefinition[], values: TParameterValues) {
  const picked: TParameterValues = {};
  for (const { variableName } of definitions) {
    if (values[variableName] !== undefined) picked[variableName] = values[variableName];
  }
  return picked;
}

const YES_NO = { 'pt-PT': ['Sim', 'Não'], 'en-US': ['Yes', 'No'] } as const;

/** The values given, with their labels, as a PDF heads them. */
export function describeParameters(
  definitions: TQueryParameterDefinition[],
  values: TParameterValues,
  language: string,
): { label: string; value: string }[] {
  const [yes, no] = YES_NO[language === 'en-US' ? 'en-US' : 'pt-PT'];
  return definitions.flatMap((definition) => {
    const value = values[definition.variableName];
    if (!hasParameterValue(value)) return [];
    if (definition.type === 'OPTIONAL' && value === false) return [];
    const scalars = Array.isArray(value) ? value : [value];
    const text = scalars.map((scalar) => (typeof scalar === 'boolean' ? (scalar ? yes : no) : String(scalar)));
    return [{ label: definition.label, value: text.join(', ') }];
  });
}

export interface TReportRun {
  template: Pick<TReportTemplateRow, 'name' | 'query' | 'parameters'>;
  values: TParameterValues;
  format: TReportFormat;
  caller: TQueryCaller;
  language: string;
  timeoutMs: number;
  generatedAt: Date;
}

/** Streams a report's rows into its file and answers the file; `onRows` hears each batch (progress). */
export async function produceReportFile(
  runner: TQueryRunner,
  run: TReportRun,
  onRows?: (rowsDone: number) => void,
): Promise<{ filename: string; mimeType: string; contents: Buffer; rowCount: number }> {
  const writer = await createReportWriter(run.format, {
    title: run.template.name,
    parameters: describeParameters(run.template.parameters, run.values, run.language),
    generatedAt: run.generatedAt,
    language: run.language,
  });
  let rowsDone = 0;
  const { rowCount } = await runner.stream(
    {
      query: run.template.query,
      parameters: run.template.parameters,
      values: run.values,
      caller: run.caller,
      timeoutMs: run.timeoutMs,
      rowCap: REPORT_ROW_CAP,
    },
    {
      columns: (headers, types) => writer.columns(headers, types),
      rows: async (batch) => {
        await writer.rows(batch);
        rowsDone += batch.length;
        onRows?.(rowsDone);
      },
    },
  );
  return {
    filename: reportFilename(run.template.name, run.format, run.generatedAt),
    mimeType: reportMimeType(run.format),
    contents: await writer.finish(),
    rowCount,
  };
}

/**
 * How many rows a report will have, for its progress bar: the same query
 * counted. Null when it cannot be counted; the generation then reports
 * rows without a total, and its own run says what went wrong.
 */
export async function countReportRows(
  runner: TQueryRunner,
  run: Pick<TReportRun, 'template' | 'values' | 'caller' | 'timeoutMs'>,
): Promise<number | null> {
  // A closing comment or semicolon in the template must not swallow the wrapper's parenthesis.
  const inner = run.template.query.replace(/;\s*$/, '');
  try {
    const result = await runner.run({
      query: `select count(*)::bigint as total from (\n${inner}\n) as report_rows`,
      parameters: run.template.parameters,
      values: run.values,
      caller: run.caller,
      timeoutMs: run.timeoutMs,
      rowCap: 1,
    });
    const total = Number(result.rows[0]?.[0]);
    return Number.isFinite(total) ? Math.min(total, REPORT_ROW_CAP) : null;
  } catch {
    return null;
  }
}

/** A template the caller may generate: within reach and enabled, the values right for its parameters. */
async function loadGeneratable(
  db: TExecutor,
  auth: TAuthContext,
  templateId: number,
  values: TParameterValues,
): Promise<{ template: TReportTemplateRow; values: TParameterValues }> {
  const { row } = await loadTemplateInReach(db, auth, templateId);
  if (!row.enabled) throw templateDisabled();
  checkParameterValues(row.parameters, values);
  return { template: row, values: pickParameterValues(row.parameters, values) };
}

/**
 * POST /reports/{templateId}/generate for a template that is not async: the
 * file, built now and kept nowhere. Audited as GENERATE of the template.
 */
export async function generateReportNow(
  db: TDatabase,
  runner: TQueryRunner,
  auth: TAuthContext,
  templateId: number,
  input: { parameters: TParameterValues; format: TReportFormat },
  actor: TActor,
) {
  const { template, values } = await loadGeneratable(db, auth, templateId, input.parameters);
  const file = await produceReportFile(runner, {
    template,
    values,
    format: input.format,
    caller: await queryCallerOf(db, auth),
    language: auth.user.language,
    timeoutMs: REPORT_SYNC_TIMEOUT_MS,
    generatedAt: new Date(),
  }).catch((error: unknown) => {
    throw toQueryAppError(error, 'REPORT_QUERY_ERROR');
  });
  await recordAudit(db, actor, {
    action: 'GENERATE',
    recordType: 'report_template',
    recordId: template.id,
    after: { format: input.format, parameters: values, filename: file.filename, rows: file.rowCount },
  });
  return file;
}

/** Records and queues one generation (inside the caller's transaction), audited as GENERATE of the job. */
export async function insertReportJob(
  db: TExecutor,
  jobs: TJobQueue,
  actor: TActor,
  job: {
    template: Pick<TReportTemplateRow, 'id' | 'name'>;
    requestedBy: number;
    scheduleId: number | null;
    parameters: TParameterValues;
    format: TReportFormat;
  },
): Promise<TReportJob> {
  const [row] = await db
    .insert(reportJobs)
    .values({
      templateId: job.template.id,
      requestedBy: job.requestedBy,
      scheduleId: job.scheduleId,
      parameters: job.parameters,
      format: job.format,
    })
    .returning();
  await recordAudit(db, actor, {
    action: 'GENERATE',
    recordType: 'report_job',
    recordId: row.id,
    after: { templateId: job.template.id, scheduleId: job.scheduleId, format: job.format, parameters: job.parameters },
  });
  await queueReportGeneration(jobs, db, { id: row.id, requestedBy: row.requestedBy });
  return toReportJob(row, job.template.name);
}

/** POST /reports/{templateId}/generate for an async template: the queued job; a worker takes it from there. */
export async function queueReportJob(
  db: TDatabase,
  jobs: TJobQueue,
  auth: TAuthContext,
  templateId: number,
  input: { parameters: TParameterValues; format: TReportFormat },
  actor: TActor,
): Promise<TReportJob> {
  return db.transaction(async (tx) => {
    const { template, values } = await loadGeneratable(tx, auth, templateId, input.parameters);
    return insertReportJob(tx, jobs, actor, {
      template,
      requestedBy: auth.user.id,
      scheduleId: null,
      parameters: values,
      format: input.format,
    });
  });
}

/** Whether the template generates in the background (checked before anything runs). */
export async function isAsyncTemplate(db: TExecutor, auth: TAuthContext, templateId: number): Promise<boolean> {
  return (await loadTemplateInReach(db, auth, templateId)).row.async;
}

function fromJobSqlRow(row: Record<string, unknown>): TReportJobRow {
  const date = (value: unknown) => (value ? new Date(value as string) : null);
  return {
    id: row.id as number,
    templateId: row.template_id as number,
    scheduleId: row.schedule_id as number | null,
    requestedBy: row.requested_by as number,
    parameters: row.parameters as TParameterValues,
    format: row.format as TReportJobRow['format'],
    status: row.status as TReportJobRow['status'],
    progress: row.progress as number,
    rowsDone: row.rows_done as number,
    rowsTotal: row.rows_total as number | null,
    error: row.error as string | null,
    fileId: row.file_id as number | null,
    createdAt: new Date(row.created_at as string),
    startedAt: date(row.started_at),
    finishedAt: date(row.finished_at),
  };
}

/**
 * The caller's own generations, newest first (spec: "my recent generations");
 * with `readySince`, only those finished since then whose file is still there
 * (the console home's "reports ready").
 */
export function searchReportJobs(
  db: TExecutor,
  userId: number,
  query: TPageQuery,
  options: { readySince?: Date } = {},
): Promise<TPagedList<TReportJob>> {
  const isReady = options.readySince
    ? sql`j.status = 'DONE' and j.file_id is not null and j.finished_at >= ${options.readySince.toISOString()}::timestamptz`
    : undefined;
  return searchPage(
    db,
    {
      columns: sql`j.*, t.name as template_name`,
      from: sql`from report_jobs j join report_templates t on t.id = j.template_id`,
      countFrom: sql`from report_jobs j`,
      where: [sql`j.requested_by = ${userId}`, isReady],
      sortColumns: { createdAt: { expression: sql`j.created_at` } },
      defaultSort: 'createdAt',
      defaultDirection: 'DESC',
      tiebreak: sql`j.id`,
    },
    query,
    (row: Record<string, unknown>) => toReportJob(fromJobSqlRow(row), row.template_name as string),
  );
}

/** One of the caller's generations (progress polling); another user's answers as missing. */
export async function readReportJob(db: TExecutor, userId: number, id: number): Promise<TReportJob> {
  const { rows } = await db.execute<Record<string, unknown>>(
    sql`select j.*, t.name as template_name from report_jobs j join report_templates t on t.id = j.template_id
         where j.id = ${id} and j.requested_by = ${userId}`,
  );
  if (!rows[0]) throw notFound();
  return toReportJob(fromJobSqlRow(rows[0]), rows[0].template_name as string);
}
