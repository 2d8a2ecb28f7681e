import { randomBytes } from 'node:crypto';
import { nextGeneration } from '@mip/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { createEntity, signInNewUser } from '../../../test/factories.ts';
import { waitForJobs } from '../../../test/jobs.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { generateReport } from '../../jobs/reports.ts';
import { sendEmail } from '../../jobs/send-email.ts';
import { runDueSchedules } from './report-schedules.service.ts';

const t = useTestApp();
const unique = () => randomBytes(4).toString('hex');

let manager: TCaller;
let owner: TCaller;
let ownerId: number;
let ownerName: string;
let other: TCaller;
let templateId: number;
let subscribers: { id: number; email: string; name: string; language: string }[];

/** Wall-clock time in Lisbon, as HH:mm, and the ISO weekday. */
function lisbonClock(iso: string) {
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Lisbon', ...options }).format(new Date(iso));
  return {
    time: format({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    weekday: format({ weekday: 'short' }),
  };
}

const scheduleInput = (overrides: Record<string, unknown> = {}) => ({
  templateId,
  format: 'CSV',
  parameters: { linhas: 3 },
  recurrence: 'DAILY',
  recurringTime: '08:00',
  subscriberIds: subscribers.map((subscriber) => subscriber.id),
  ...overrides,
});

async function createSchedule(caller: TCaller, overrides: Record<string, unknown> = {}) {
  const response = await caller.post('/report-schedules', scheduleInput(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  manager = callerOf(t, (await signInNewUser(t, { permissions: ['MANAGE_REPORTS'] })).authorization);
  const signedOwner = await signInNewUser(t, { permissions: ['GENERATE_REPORTS'], name: 'Ana Ferreira' });
  owner = callerOf(t, signedOwner.authorization);
  ownerId = signedOwner.user.id;
  ownerName = signedOwner.user.name;
  other = callerOf(t, (await signInNewUser(t, { permissions: ['GENERATE_REPORTS'] })).authorization);
  subscribers = [];
  for (const language of ['pt-PT', 'en-US']) {
    const { user } = await signInNewUser(t, { language, name: `Subscritor ${language}` });
    subscribers.push({ id: user.id, email: user.email, name: user.name, language });
  }
  templateId = await createLinesTemplate('Linhas numeradas');
});

/** A template of numbered lines, as many as its mandatory parameter `linhas` says. */
async function createLinesTemplate(name: string): Promise<number> {
  const template = await manager.post('/report-templates', {
    name,
    category: 'OTHERS',
    async: false,
    enabled: true,
    query: `select g as "N.º", 'Linha ' || g as "Texto" from generate_series(1, :linhas) g`,
    parameters: [{ variableName: 'linhas', type: 'NUMERIC', label: 'Linhas', mandatory: true }],
  });
  expect(template.statusCode, template.body).toBe(200);
  return template.json().id;
}

describe('POST /api/report-schedules', () => {
  it('computes the next generation in Lisbon time and answers the schedule with its subscribers', async () => {
    const before = new Date();
    const schedule = await createSchedule(owner);
    expect(schedule).toMatchObject({
      template: { id: templateId, name: 'Linhas numeradas' },
      owner: { id: ownerId, name: ownerName },
      parameters: { linhas: 3 },
      format: 'CSV',
      recurrence: 'DAILY',
      recurringTime: '08:00',
      dayOfWeek: null,
      dayOfMonth: null,
      enabled: true,
      lastGeneratedAt: null,
    });
    expect(schedule.subscribers.map((s: { email: string }) => s.email).sort()).toEqual(
      subscribers.map((s) => s.email).sort(),
    );
    const next = new Date(schedule.nextGenerationAt);
    expect(next.getTime()).toBeGreaterThan(before.getTime());
    expect(next.getTime() - before.getTime()).toBeLessThanOrEqual(24 * 3_600_000);
    expect(lisbonClock(schedule.nextGenerationAt).time).toBe('08:00');
    const [audit] = (await findAuditRows(t.db, 'CREATE', 'report_schedule')).filter(
      (row) => row.record_id === String(schedule.id),
    );
    expect(audit.after).toMatchObject({ recurrence: 'DAILY', subscriberIds: expect.any(Array) });
  });

  it('runs a weekly schedule on its weekday, and keeps no day a rule does not use', async () => {
    const weekly = await createSchedule(owner, { recurrence: 'WEEKLY', dayOfWeek: 1, recurringTime: '09:30' });
    expect(lisbonClock(weekly.nextGenerationAt)).toEqual({ time: '09:30', weekday: 'Mon' });
    const daily = await createSchedule(owner, { recurrence: 'DAILY', dayOfWeek: 3, dayOfMonth: 4 });
    expect(daily).toMatchObject({ dayOfWeek: null, dayOfMonth: null });
    const disabled = await createSchedule(owner, { enabled: false });
    expect(disabled.nextGenerationAt).toBeNull();
  });

  it('names each wrong field with the spec codes', async () => {
    const empty = await owner.post('/report-schedules', { format: 'CSV' });
    expectFieldError(empty, 'templateId', 'MISSING_TEMPLATE_ID');
    expectFieldError(empty, 'recurrence', 'MISSING_RECURRENCE');
    expectFieldError(empty, 'recurringTime', 'MISSING_RECURRING_TIME');
    expectFieldError(
      await owner.post('/report-schedules', scheduleInput({ recurringTime: '25:00' })),
      'recurringTime',
      'INVALID_RECURRING_TIME',
    );
    expectFieldError(
      await owner.post('/report-schedules', scheduleInput({ recurrence: 'WEEKLY' })),
      'dayOfWeek',
      'MISSING_VALUE',
    );
    expectFieldError(
      await owner.post('/report-schedules', scheduleInput({ templateId: 999_999 })),
      'templateId',
      'INVALID_TEMPLATE_ID',
    );
    expectFieldError(
      await owner.post('/report-schedules', scheduleInput({ parameters: {} })),
      'parameters.linhas',
      'MISSING_PARAMETER',
    );
    expectFieldError(
      await owner.post('/report-schedules', scheduleInput({ parameters: { linhas: 'três' } })),
      'parameters.linhas',
      'INVALID_PARAMETER',
    );
  });

  it('refuses subscribers outside the caller’s scope', async () => {
    const home = await createEntity(t.db);
    const bounded = await signInNewUser(t, {
      permissions: ['GENERATE_REPORTS'],
      entityId: home.id,
      entitiesAccessList: [home.id],
    });
    expectFieldError(
      await callerOf(t, bounded.authorization).post('/report-schedules', scheduleInput()),
      'subscriberIds',
      'INVALID_USER',
    );
  });
});

describe('GET /api/report-schedules/subscribers', () => {
  it('offers the active users in the caller’s scope by name or email, without READ_USER', async () => {
    const home = await createEntity(t.db);
    const bounded = await signInNewUser(t, {
      permissions: ['GENERATE_REPORTS'],
      entityId: home.id,
      entitiesAccessList: [home.id],
    });
    const colleague = await signInNewUser(t, { entityId: home.id, name: 'Joana Simões Colega' });
    const caller = callerOf(t, bounded.authorization);
    const found = await caller.get('/report-schedules/subscribers', { universalSearch: 'simoes colega' });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual([{ id: colleague.user.id, name: 'Joana Simões Colega', email: colleague.user.email }]);
    // Someone outside the scope is not offered, even by id.
    const outside = await caller.get('/report-schedules/subscribers', { ids: String(subscribers[0].id) });
    expect(outside.json()).toEqual([]);
    const named = await owner.get('/report-schedules/subscribers', { ids: String(subscribers[0].id) });
    expect(named.json()).toEqual([expect.objectContaining({ id: subscribers[0].id })]);
  });
});

describe('generation on schedule', () => {
  it('queues a generation when due, moves the next one on, and emails the file to the subscribers in their language', async () => {
    // A template of its own, so its file and emails stand apart from other schedules that fall due with it.
    const schedule = await createSchedule(owner, {
      templateId: await createLinesTemplate('Linhas agendadas'),
      format: 'CSV',
      parameters: { linhas: 4 },
    });
    const due = new Date(schedule.nextGenerationAt);
    const mailsBefore = t.mails.length;

    // Other schedules of this file fall due too: only this one's generations count here.
    const ownJobs = async (jobIds: number[]) => {
      const { rows } = await t.db.$client.query<{ id: number }>(
        'select id from report_jobs where id = any($1::int[]) and schedule_id = $2',
        [jobIds, schedule.id],
      );
      return rows.map((row) => row.id);
    };
    expect(await ownJobs(await runDueSchedules(t.db, t.app.jobs, new Date(due.getTime() - 60_000)))).toEqual([]);
    const jobIds = await ownJobs(await runDueSchedules(t.db, t.app.jobs, due));
    expect(jobIds).toHaveLength(1);
    // Run again at the same instant: nothing more is due.
    expect(await runDueSchedules(t.db, t.app.jobs, due)).toEqual([]);
    await waitForJobs(t, [generateReport.name, sendEmail.name]);

    const moved = (await owner.get(`/report-schedules/${schedule.id}`)).json();
    expect(moved.nextGenerationAt).toBe(nextGeneration(moved, due).toISOString());
    expect(new Date(moved.nextGenerationAt).getTime() - due.getTime()).toBe(24 * 3_600_000);
    expect(moved.lastGeneratedAt).toEqual(expect.any(String));

    const job = (await owner.get(`/reports/jobs/${jobIds[0]}`)).json();
    expect(job).toMatchObject({ status: 'DONE', scheduleId: schedule.id, rowsDone: 4 });
    const file = (await owner.get('/personal/files/search', { universalSearch: 'agendadas' })).json().content[0];
    expect(file.id).toBe(job.fileId);
    const notifications = (await owner.get('/notifications/search')).json().content;
    expect(notifications).toContainEqual(
      expect.objectContaining({ type: 'REPORT_READY', params: expect.objectContaining({ fileId: file.id }) }),
    );

    const mails = t.mails.slice(mailsBefore).filter((mail) => mail.attachments?.[0]?.filename === file.filename);
    expect(mails.map((mail) => mail.to).sort()).toEqual(subscribers.map((s) => s.email).sort());
    const english = mails.find((mail) => mail.to === subscribers[1].email);
    const portuguese = mails.find((mail) => mail.to === subscribers[0].email);
    expect(english?.subject).toMatch(/^Report "Linhas agendadas" of \d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    expect(english?.text).toContain(`Hello ${subscribers[1].name}`);
    expect(english?.text).toContain(`by ${ownerName}'s schedule`);
    expect(portuguese?.subject).toMatch(/^Relatório «Linhas agendadas» de /);
    expect(portuguese?.text).toContain('Segue em anexo o relatório');
    for (const mail of [english, portuguese]) {
      expect(mail?.attachments).toHaveLength(1);
      const attachment = mail?.attachments?.[0];
      expect(attachment?.filename).toBe(file.filename);
      expect(attachment?.contentType).toBe('text/csv; charset=utf-8');
      expect(attachment?.content.subarray(3).toString('utf8').split('\r\n')[4]).toBe('4,Linha 4');
    }
  });

  it('leaves a disabled schedule alone, and only moves on one whose template was disabled', async () => {
    const disabled = await createSchedule(owner, { enabled: false });
    const template = await manager.post('/report-templates', {
      name: `Desativar ${unique()}`,
      category: 'OTHERS',
      async: false,
      enabled: true,
      query: 'select 1 as "Um"',
    });
    const later = await createSchedule(owner, { templateId: template.json().id, parameters: {} });
    await manager.put(`/report-templates/${template.json().id}`, {
      ...template.json(),
      enabled: false,
    });
    const due = new Date(later.nextGenerationAt);
    const jobIds = await runDueSchedules(t.db, t.app.jobs, due);
    const { rows } = await t.db.$client.query('select schedule_id from report_jobs where id = any($1::int[])', [
      jobIds,
    ]);
    expect(rows.map((row) => row.schedule_id)).not.toContain(later.id);
    expect(rows.map((row) => row.schedule_id)).not.toContain(disabled.id);
    expect(
      new Date((await owner.get(`/report-schedules/${later.id}`)).json().nextGenerationAt).getTime(),
    ).toBeGreaterThan(due.getTime());
    await waitForJobs(t, [generateReport.name, sendEmail.name]);
  });
});

describe('POST /api/report-schedules/{id}/run-now', () => {
  it('generates now as the owner, without moving the next generation', async () => {
    const schedule = await createSchedule(owner, { format: 'XLSX', parameters: { linhas: 2 }, subscriberIds: [] });
    const response = await owner.post(`/report-schedules/${schedule.id}/run-now`);
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toMatchObject({ status: 'QUEUED', scheduleId: schedule.id, format: 'XLSX' });
    await waitForJobs(t, [generateReport.name, sendEmail.name]);
    const job = (await owner.get(`/reports/jobs/${response.json().id}`)).json();
    expect(job.status).toBe('DONE');
    const after = (await owner.get(`/report-schedules/${schedule.id}`)).json();
    expect(after.nextGenerationAt).toBe(schedule.nextGenerationAt);
    expect(after.lastGeneratedAt).toEqual(expect.any(String));
  });
});

describe('who reaches a schedule', () => {
  it("answers 404 for another user's schedule on every call", async () => {
    const schedule = await createSchedule(owner);
    expectError(await other.get(`/report-schedules/${schedule.id}`), 404, 'NOT_FOUND');
    expectError(await other.put(`/report-schedules/${schedule.id}`, scheduleInput()), 404, 'NOT_FOUND');
    expectError(await other.delete(`/report-schedules/${schedule.id}`), 404, 'NOT_FOUND');
    expectError(await other.post(`/report-schedules/${schedule.id}/run-now`), 404, 'NOT_FOUND');
    const mine = (await other.get('/report-schedules/search')).json().content;
    expect(mine.some((s: { id: number }) => s.id === schedule.id)).toBe(false);
  });

  it('lists every schedule to a manager with all=true, and refuses that list to a generator', async () => {
    const schedule = await createSchedule(owner);
    const all = (await manager.get('/report-schedules/search', { all: 'true', itemsPerPage: '500' })).json();
    expect(all.content.find((s: { id: number }) => s.id === schedule.id)).toMatchObject({ owner: { id: ownerId } });
    expect((await manager.get('/report-schedules/search')).json().totalItems).toBe(0);
    expectError(await owner.get('/report-schedules/search', { all: 'true' }), 403, 'FORBIDDEN');
  });

  it('lets a manager edit and delete another user’s schedule, audited', async () => {
    const schedule = await createSchedule(owner);
    const edited = await manager.put(
      `/report-schedules/${schedule.id}`,
      scheduleInput({ recurrence: 'MONTHLY', dayOfMonth: 31, recurringTime: '23:15', subscriberIds: [] }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      recurrence: 'MONTHLY',
      dayOfMonth: 31,
      subscribers: [],
      owner: { id: ownerId },
    });
    expect(lisbonClock(edited.json().nextGenerationAt).time).toBe('23:15');
    expect((await manager.delete(`/report-schedules/${schedule.id}`)).statusCode).toBe(200);
    expectError(await owner.get(`/report-schedules/${schedule.id}`), 404, 'NOT_FOUND');
    const [audit] = (await findAuditRows(t.db, 'DELETE', 'report_schedule')).filter(
      (row) => row.record_id === String(schedule.id),
    );
    expect(audit.before).toMatchObject({ recurrence: 'MONTHLY', ownerId });
  });

  it('refuses a user without the report permissions', async () => {
    const nobody = callerOf(t, (await signInNewUser(t)).authorization);
    expectError(await nobody.get('/report-schedules/search'), 403, 'FORBIDDEN');
  });
});
