import { randomBytes } from 'node:crypto';
import type { TReportTemplateInput } from '@mip/shared';
import { ZReportTemplateInput } from '@mip/shared';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { createEntity, signInNewUser } from '../../../test/factories.ts';
import { standInForDeadProcess, waitForJobs } from '../../../test/jobs.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { reportJobs, reportTemplates } from '../../db/schema/index.ts';
import { generateReport } from '../../jobs/reports.ts';

/** Until the generations queued so far have ended. */
const generationsDone = () => waitForJobs(t, [generateReport.name, 'end-interrupted-report']);

const t = useTestApp();
const unique = () => randomBytes(4).toString('hex');

let manager: TCaller;
let generator: TCaller;
let generatorId: number;
let tag: string;
let byPrefix: number;
let counted: number;

/** The rows of a CSV as the report wrote them (BOM checked and dropped). */
function csvLines(bytes: Buffer): string[] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
}

async function createTemplate(input: Partial<TReportTemplateInput>) {
  const response = await manager.post('/report-templates', {
    name: `Relatório ${unique()}`,
    category: 'OTHERS',
    async: false,
    enabled: true,
    parameters: [],
    ...input,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; name: string };
}

/** A template written straight to the table, past the save check: a query that fails when it runs. */
async function insertBrokenTemplate(isAsync: boolean, query = 'select * from a_table_dropped_since') {
  const [row] = await t.db
    .insert(reportTemplates)
    .values(
      ZReportTemplateInput.parse({
        name: `Avariado ${unique()}`,
        category: 'OTHERS',
        async: isAsync,
        enabled: true,
        query,
      }),
    )
    .returning();
  return row;
}

beforeAll(async () => {
  manager = callerOf(t, (await signInNewUser(t, { permissions: ['MANAGE_REPORTS'] })).authorization);
  const user = await signInNewUser(t, { permissions: ['GENERATE_REPORTS'], language: 'en-US' });
  generator = callerOf(t, user.authorization);
  generatorId = user.user.id;
  tag = unique();
  for (const name of ['São João', 'Évora', 'Braga']) await createEntity(t.db, { name: `${name} ${tag}` });
  byPrefix = (
    await createTemplate({
      name: 'Entidades por sufixo',
      query: `select e.name as "Nome", length(e.name) as "Letras", e.created_at as "Criada"
                from entities e where e.name like '%' || :sufixo {{desde}} order by e.name`,
      parameters: [
        { variableName: 'sufixo', type: 'TEXT', label: 'Sufixo', mandatory: true },
        { variableName: 'desde', type: 'DATE', label: 'Criadas desde', partialQuery: 'and e.created_at >= :desde' },
      ],
    })
  ).id;
  counted = (
    await createTemplate({
      name: 'Números',
      async: true,
      query: `select g as "N.º", 'Linha ' || g as "Texto" from generate_series(1, :linhas) g`,
      parameters: [{ variableName: 'linhas', type: 'NUMERIC', label: 'Linhas', mandatory: true }],
    })
  ).id;
});

describe('POST /api/reports/{templateId}/generate, a report generated on demand', () => {
  it('answers a CSV in UTF-8 with a BOM as an attachment, and keeps nothing', async () => {
    const response = await generator.post(`/reports/${byPrefix}/generate`, {
      format: 'CSV',
      parameters: { sufixo: tag },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="Entidades por sufixo-\d{8}-\d{4}\.csv"; filename\*=UTF-8''/,
    );
    const lines = csvLines(response.rawPayload);
    expect(lines[0]).toBe('Nome,Letras,Criada');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 2).join(','))).toEqual([
      `Braga ${tag},14`,
      `São João ${tag},17`,
      `Évora ${tag},14`,
    ]);
    // Instants in Lisbon time, to the second.
    expect(lines[1].split(',')[2]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await generator.get('/personal/files/search')).json().totalItems).toBe(0);
    expect((await generator.get('/reports/jobs')).json().totalItems).toBe(0);
  });

  it('answers an XLSX that reads back with exceljs', async () => {
    const response = await generator.post(`/reports/${byPrefix}/generate`, {
      format: 'XLSX',
      parameters: { sufixo: tag },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'Nome', 'Letras', 'Criada']);
    expect(sheet.getRow(3).getCell(1).value).toBe(`São João ${tag}`);
    expect(sheet.getRow(3).getCell(2).value).toBe(17);
    expect(sheet.rowCount).toBe(4);
  });

  it('answers a PDF', async () => {
    const response = await generator.post(`/reports/${byPrefix}/generate`, {
      format: 'PDF',
      parameters: { sufixo: tag, desde: '2020-01-01' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('audits the generation as GENERATE of the template, with the values', async () => {
    await generator.post(`/reports/${byPrefix}/generate`, { format: 'CSV', parameters: { sufixo: tag } });
    const rows = (await findAuditRows(t.db, 'GENERATE', 'report_template')).filter(
      (row) => row.record_id === String(byPrefix) && row.user_id === generatorId,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.at(-1)?.after).toMatchObject({ format: 'CSV', parameters: { sufixo: tag }, rows: 3 });
  });

  it('checks the values: mandatory, integers only, past dates only', async () => {
    expectFieldError(
      await generator.post(`/reports/${byPrefix}/generate`, { format: 'CSV', parameters: {} }),
      'parameters.sufixo',
      'MISSING_PARAMETER',
    );
    expectFieldError(
      await generator.post(`/reports/${byPrefix}/generate`, {
        format: 'CSV',
        parameters: { sufixo: tag, desde: '2999-01-01' },
      }),
      'parameters.desde',
      'INVALID_PARAMETER',
    );
    expectFieldError(
      await generator.post(`/reports/${counted}/generate`, { format: 'CSV', parameters: { linhas: 1.5 } }),
      'parameters.linhas',
      'INVALID_PARAMETER',
    );
    expectFieldError(
      await generator.post(`/reports/${byPrefix}/generate`, { parameters: { sufixo: tag } }),
      'format',
      'MISSING_FORMAT',
    );
  });

  it('answers REPORT_QUERY_ERROR with the database message when the query fails', async () => {
    const broken = await insertBrokenTemplate(false);
    const response = await generator.post(`/reports/${broken.id}/generate`, { format: 'CSV', parameters: {} });
    expectError(response, 400, 'REPORT_QUERY_ERROR');
    expect(response.json().message).toContain('a_table_dropped_since');
  });

  it('runs a query only: a statement that signals the platform is refused', async () => {
    const notifying = await insertBrokenTemplate(false, "notify mip_map_changed, 'from a report'");
    const response = await generator.post(`/reports/${notifying.id}/generate`, { format: 'CSV', parameters: {} });
    expectError(response, 400, 'REPORT_QUERY_ERROR');
  });

  it('answers TEMPLATE_DISABLED for a disabled template', async () => {
    const disabled = await createTemplate({ enabled: false, query: 'select 1 as "Um"' });
    expectError(
      await manager.post(`/reports/${disabled.id}/generate`, { format: 'CSV', parameters: {} }),
      409,
      'TEMPLATE_DISABLED',
    );
  });

  it('answers 404 for a template out of the caller’s reach, and 403 without the permission', async () => {
    const elsewhere = await createEntity(t.db);
    const limited = await createTemplate({ entityIds: [elsewhere.id], query: 'select 1 as "Um"' });
    const home = await createEntity(t.db);
    const bounded = await signInNewUser(t, {
      permissions: ['GENERATE_REPORTS'],
      entityId: home.id,
      entitiesAccessList: [home.id],
    });
    expectError(
      await callerOf(t, bounded.authorization).post(`/reports/${limited.id}/generate`, { format: 'CSV' }),
      404,
      'NOT_FOUND',
    );
    const nobody = callerOf(t, (await signInNewUser(t)).authorization);
    expectError(await nobody.post(`/reports/${byPrefix}/generate`, { format: 'CSV' }), 403, 'FORBIDDEN');
  });

  it('runs the query in the caller’s scope (:caller_entity_ids)', async () => {
    const home = await createEntity(t.db, { name: `Casa ${tag}` });
    await createEntity(t.db, { name: `Filha ${tag}`, parentId: home.id });
    const scoped = await createTemplate({
      query: `select name as "Nome" from entities where id = any(:caller_entity_ids) and name like '%' || :s order by name`,
      parameters: [{ variableName: 's', type: 'TEXT', label: 'S', mandatory: true }],
    });
    const bounded = await signInNewUser(t, {
      permissions: ['GENERATE_REPORTS'],
      entityId: home.id,
      entitiesAccessList: [home.id],
    });
    const response = await callerOf(t, bounded.authorization).post(`/reports/${scoped.id}/generate`, {
      format: 'CSV',
      parameters: { s: tag },
    });
    expect(csvLines(response.rawPayload)).toEqual(['Nome', `Casa ${tag}`, `Filha ${tag}`]);
  });
});

describe('an async report, generated in the background', () => {
  it('goes QUEUED → DONE, lands in the personal files with a notification, and is audited', async () => {
    const queued = await generator.post(`/reports/${counted}/generate`, {
      format: 'CSV',
      parameters: { linhas: '2500' },
    });
    expect(queued.statusCode, queued.body).toBe(202);
    const job = queued.json();
    expect(job).toMatchObject({
      status: 'QUEUED',
      progress: 0,
      template: { id: counted, name: 'Números' },
      format: 'CSV',
      scheduleId: null,
      fileId: null,
    });
    await generationsDone();

    const done = await generator.get(`/reports/jobs/${job.id}`);
    expect(done.json()).toMatchObject({ status: 'DONE', progress: 100, rowsDone: 2500, rowsTotal: 2500, error: null });
    expect(done.json().finishedAt).toEqual(expect.any(String));
    const fileId = done.json().fileId;

    const files = (await generator.get('/personal/files/search')).json().content;
    expect(files).toEqual([
      expect.objectContaining({ id: fileId, origin: 'REPORT', mimeType: 'text/csv; charset=utf-8' }),
    ]);
    expect(files[0].filename).toMatch(/^Números-\d{8}-\d{4}\.csv$/);
    const download = await generator.get(`/personal/files/${fileId}/download`);
    const lines = csvLines(download.rawPayload);
    expect(lines).toHaveLength(2501);
    expect(lines.at(-1)).toBe('2500,Linha 2500');

    const [notification] = (await generator.get('/notifications/search')).json().content;
    expect(notification).toMatchObject({
      type: 'REPORT_READY',
      link: '/personal/files',
      params: { template: 'Números', filename: files[0].filename, jobId: job.id, fileId },
    });
    const [audit] = (await findAuditRows(t.db, 'GENERATE', 'report_job')).filter(
      (row) => row.record_id === String(job.id),
    );
    expect(audit).toMatchObject({ user_id: generatorId, after: { format: 'CSV', parameters: { linhas: '2500' } } });
    expect((await generator.get('/reports/jobs')).json().content[0]).toMatchObject({ id: job.id, status: 'DONE' });
  });

  it('writes XLSX and PDF files too', async () => {
    for (const format of ['XLSX', 'PDF'] as const) {
      const job = (await generator.post(`/reports/${counted}/generate`, { format, parameters: { linhas: 30 } })).json();
      await generationsDone();
      const done = (await generator.get(`/reports/jobs/${job.id}`)).json();
      expect(done.status, done.error).toBe('DONE');
      const file = await generator.get(`/personal/files/${done.fileId}/download`);
      if (format === 'PDF') expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      else {
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
        expect(workbook.worksheets[0].rowCount).toBe(31);
        expect(workbook.worksheets[0].getRow(31).getCell(2).value).toBe('Linha 30');
      }
    }
  });

  it('fails with REPORT_QUERY_ERROR and the database message, and tells the requester', async () => {
    const broken = await insertBrokenTemplate(true);
    const job = (await generator.post(`/reports/${broken.id}/generate`, { format: 'CSV', parameters: {} })).json();
    await generationsDone();
    const failed = (await generator.get(`/reports/jobs/${job.id}`)).json();
    expect(failed).toMatchObject({ status: 'FAILED', fileId: null });
    expect(failed.error).toMatch(/^REPORT_QUERY_ERROR: .*a_table_dropped_since/);
    const [notification] = (await generator.get('/notifications/search')).json().content;
    expect(notification).toMatchObject({
      type: 'REPORT_FAILED',
      params: { template: broken.name, jobId: job.id },
      link: '/reports',
    });
  });

  it('checks the values before queueing', async () => {
    expectFieldError(
      await generator.post(`/reports/${counted}/generate`, { format: 'CSV', parameters: {} }),
      'parameters.linhas',
      'MISSING_PARAMETER',
    );
  });

  it("answers 404 for another user's job, and lists only the caller's own", async () => {
    const job = (
      await generator.post(`/reports/${counted}/generate`, { format: 'CSV', parameters: { linhas: 1 } })
    ).json();
    await generationsDone();
    expectError(await manager.get(`/reports/jobs/${job.id}`), 404, 'NOT_FOUND');
    expect(
      (await manager.get('/reports/jobs')).json().content.some((other: { id: number }) => other.id === job.id),
    ).toBe(false);
  });

  /** A generation as the API records it, for a process to claim before the app's workers see it. */
  async function recordedGeneration(status: 'QUEUED' | 'RUNNING' = 'RUNNING') {
    const [job] = await t.db
      .insert(reportJobs)
      .values({ templateId: counted, requestedBy: generatorId, format: 'CSV', status, parameters: { linhas: 3 } })
      .returning();
    return job;
  }

  it('runs again a generation whose server died mid-way, to the end', async () => {
    const job = await recordedGeneration();
    const dead = await standInForDeadProcess(t);
    await dead.claim(generateReport, { reportJobId: job.id }, { groupId: `user-${generatorId}` });
    await dead.die();
    // pg-boss finds the attempt's heartbeat gone and gives it to a live worker (this app's).
    await expect
      .poll(async () => (await generator.get(`/reports/jobs/${job.id}`)).json().status, { timeout: 15_000 })
      .toBe('DONE');
    expect((await generator.get(`/reports/jobs/${job.id}`)).json()).toMatchObject({ rowsDone: 3, error: null });
  });

  it('marks FAILED (INTERRUPTED) a generation whose attempts all died, and tells its requester', async () => {
    const job = await recordedGeneration();
    const dead = await standInForDeadProcess(t);
    await dead.claim(generateReport, { reportJobId: job.id }, { groupId: `user-${generatorId}`, retryLimit: 0 });
    await dead.die();
    await expect
      .poll(async () => (await generator.get(`/reports/jobs/${job.id}`)).json(), { timeout: 10_000 })
      .toMatchObject({ status: 'FAILED', error: 'INTERRUPTED' });
    const [notification] = (await generator.get('/notifications/search')).json().content;
    expect(notification).toMatchObject({ type: 'REPORT_FAILED', params: { jobId: job.id, error: 'INTERRUPTED' } });
  });
});
