import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInNewUser } from '../../../test/factories.ts';
import { waitForJobs } from '../../../test/jobs.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { reportJobs } from '../../db/schema/index.ts';
import { generateReport } from '../../jobs/reports.ts';
import { runReportJob } from './report-jobs.ts';

const unique = () => randomBytes(4).toString('hex');

/** A generation's times, as the database recorded them. */
async function timesOf(t: TTestApp, ids: number[]) {
  const { rows } = await t.db.$client.query<{ id: number; status: string; started_at: Date; finished_at: Date }>(
    'select id, status, started_at, finished_at from report_jobs where id = any($1::int[])',
    [ids],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)!);
}

/** An app whose users A and B generate a slow async report (about 0.6 s for its count, 0.6 s for its rows). */
async function reportingApp(env: NodeJS.ProcessEnv) {
  const t = await createTestApp(env);
  const manager = callerOf(t, (await signInNewUser(t, { permissions: ['MANAGE_REPORTS'] })).authorization);
  const template = await manager.post('/report-templates', {
    name: `Lento ${unique()}`,
    category: 'OTHERS',
    async: true,
    enabled: true,
    parameters: [],
    query: 'select g as "N" from generate_series(1, 3) g, pg_sleep(0.6)',
  });
  expect(template.statusCode, template.body).toBe(200);
  const userA = await signInNewUser(t, { permissions: ['GENERATE_REPORTS'] });
  const a = callerOf(t, userA.authorization);
  const b = callerOf(t, (await signInNewUser(t, { permissions: ['GENERATE_REPORTS'] })).authorization);
  const generate = async (user: TCaller) => {
    const response = await user.post(`/reports/${template.json().id}/generate`, { format: 'CSV', parameters: {} });
    expect(response.statusCode, response.body).toBe(202);
    return response.json().id as number;
  };
  return { t, a, b, aId: userA.user.id, generate, templateId: template.json().id as number };
}

describe("one user's many slow reports do not hold everyone else's", () => {
  let app: Awaited<ReturnType<typeof reportingApp>>;
  beforeAll(async () => {
    app = await reportingApp({ REPORT_WORKERS: '2' });
  });
  afterAll(() => app.t.close());

  it("starts B's report while A's are still queued, and runs A's one at a time", async () => {
    const ofA = [await app.generate(app.a), await app.generate(app.a), await app.generate(app.a)];
    const ofB = await app.generate(app.b);
    await waitForJobs(app.t, [generateReport.name], { timeoutMs: 30_000 });
    const [a1, a2, a3] = await timesOf(app.t, ofA);
    const [b1] = await timesOf(app.t, [ofB]);
    for (const job of [a1, a2, a3, b1]) expect(job.status).toBe('DONE');
    // B's began before A's second (A's first holds one worker, B's takes the other)…
    expect(b1.started_at.getTime()).toBeLessThan(a2.started_at.getTime());
    expect(b1.started_at.getTime()).toBeLessThan(a1.finished_at.getTime());
    // …and A's never ran two at once.
    expect(a2.started_at.getTime()).toBeGreaterThanOrEqual(a1.finished_at.getTime());
    expect(a3.started_at.getTime()).toBeGreaterThanOrEqual(a2.finished_at.getTime());
  });
});

describe('a process with one report worker takes every user’s first report before anyone’s second', () => {
  let app: Awaited<ReturnType<typeof reportingApp>>;
  beforeAll(async () => {
    app = await reportingApp({ REPORT_WORKERS: '1' });
  });
  afterAll(() => app.t.close());

  it("runs B's report right after A's first, before A's others", async () => {
    const ofA = [await app.generate(app.a), await app.generate(app.a), await app.generate(app.a)];
    const ofB = await app.generate(app.b);
    await waitForJobs(app.t, [generateReport.name], { timeoutMs: 30_000 });
    const [a1, a2, a3] = await timesOf(app.t, ofA);
    const [b1] = await timesOf(app.t, [ofB]);
    expect(b1.started_at.getTime()).toBeGreaterThanOrEqual(a1.finished_at.getTime());
    expect(b1.finished_at.getTime()).toBeLessThanOrEqual(a2.started_at.getTime());
    expect(a3.started_at.getTime()).toBeGreaterThanOrEqual(a2.finished_at.getTime());
  });
});

describe("a background report's time budget", () => {
  let app: Awaited<ReturnType<typeof reportingApp>>;
  beforeAll(async () => {
    app = await reportingApp({});
  });
  afterAll(() => app.t.close());

  it('is one deadline shared by the count and the query: what the count used, the query no longer has', async () => {
    // Each of the two takes 0.6 s: within a budget of 1 s apiece they would both pass, within 1 s together not.
    const [job] = await app.t.db
      .insert(reportJobs)
      .values({ templateId: app.templateId, requestedBy: app.aId, format: 'CSV', status: 'QUEUED' })
      .returning();
    await runReportJob(
      {
        db: app.t.db,
        queryRunner: () => app.t.app.queryRunner,
        log: { error: () => {} },
        queueSubscriberMail: async () => {},
        budgetMs: 1_000,
      },
      job.id,
      { id: 'test', retryCount: 0, signal: new AbortController().signal },
    );
    const { rows } = await app.t.db.$client.query('select status, error from report_jobs where id = $1', [job.id]);
    expect(rows[0]).toMatchObject({ status: 'FAILED', error: expect.stringMatching(/^QUERY_TIMEOUT: /) });
  });
});
