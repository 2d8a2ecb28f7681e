import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/assertions.ts';
import { signInNewUser } from '../../../test/factories.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { FIRST_BATCH_ROWS } from '../queries/query-runner.ts';

const RESULT_MAX_BYTES = 1_000_000;
const WIDGETS_PER_MINUTE = 20;
const SLOW_SECONDS = 4;
/** "At once" and "promptly", with room for a loaded machine: half the slow query's time. */
const PROMPT_MS = (SLOW_SECONDS * 1000) / 2;

const t = useTestApp({
  QUERY_POOL_SIZE: '5',
  QUERY_RESULT_MAX_BYTES: String(RESULT_MAX_BYTES),
  WIDGET_CACHE_SECONDS: '1',
  WIDGET_RATE_LIMIT_PER_MINUTE: String(WIDGETS_PER_MINUTE),
});
const unique = () => randomBytes(4).toString('hex');
const full = { lg: 12, md: 12, sm: 12 };

let manager: TCaller;

beforeAll(async () => {
  const signedIn = await signInNewUser(t, {
    permissions: ['MANAGE_DASHBOARDS', 'MANAGE_DATASOURCES', 'READ_DASHBOARD'],
  });
  manager = callerOf(t, signedIn.authorization);
});

async function createSource(body: Record<string, unknown>): Promise<number> {
  const response = await manager.post('/data-sources', { name: `Fonte ${unique()}`, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id;
}

/** A dashboard with one table widget on the source; its widget's data path under /api. */
async function createWidget(sourceId: number, isPublic: boolean): Promise<string> {
  const response = await manager.post('/dashboards', {
    name: `Painel ${unique()}`,
    status: 'ACTIVE',
    isPublic,
    widgets: [{ name: 'TableWidget', title: 'Tabela', size: full, sourceId }],
  });
  expect(response.statusCode, response.body).toBe(200);
  const dashboard = response.json() as { id: number; widgets: { id: number }[] };
  return `/dashboards/${dashboard.id}/widget/${dashboard.widgets[0].id}`;
}

/** A visitor (no session) calling from `remoteAddress`. */
function visit(path: string, remoteAddress: string, parameters: Record<string, unknown> = {}) {
  return t.app.inject({ method: 'POST', url: `/api${path}`, payload: { parameters }, remoteAddress });
}

describe('a widget whose result is too wide', () => {
  it('answers RESULT_TOO_LARGE after reading no more than the cap and one batch of rows', async () => {
    // 600 rows of 100 kB: 60 MB if read whole.
    const sourceId = await createSource({
      query: "select g as n, repeat('x', 100000) as wide from generate_series(1, 600) g",
    });
    const path = await createWidget(sourceId, true);
    // Read defensively, so that a runner without counters fails on the answer below rather than here.
    const before = t.app.queryRunner.counters?.bytesRead ?? 0;

    expectError(await visit(path, '192.0.2.10'), 422, 'RESULT_TOO_LARGE');

    const read = t.app.queryRunner.counters.bytesRead - before;
    expect(read).toBeGreaterThan(RESULT_MAX_BYTES);
    // Past the cap the reading stops: at most the cap and one batch (the first read, of rows not yet weighed).
    expect(read).toBeLessThanOrEqual(RESULT_MAX_BYTES + FIRST_BATCH_ROWS * 100_020);
  });

  it('still answers a narrow result whole', async () => {
    const sourceId = await createSource({ query: 'select g as n from generate_series(1, 5000) g' });
    const response = await visit(await createWidget(sourceId, true), '192.0.2.11');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().rows).toHaveLength(5000);
  });
});

describe('a flood of visitors on a slow public widget', () => {
  it('keeps connections for staff and refuses the calls beyond their share at once with Retry-After', async () => {
    const slowSource = await createSource({
      query: `select pg_sleep(${SLOW_SECONDS}) as slept, :n::int as n`,
      parameters: [{ variableName: 'n', type: 'NUMERIC', label: 'N', mandatory: true }],
      timeoutMs: 10_000,
    });
    const slowPath = await createWidget(slowSource, true);
    const staffPath = await createWidget(await createSource({ query: 'select 1 as um' }), false);

    // Each call asks for other values, so no call waits on another's result.
    const flood = [
      ...Array.from({ length: 6 }, (_, i) => ({ address: '198.51.100.1', n: i })),
      ...Array.from({ length: 3 }, (_, i) => ({ address: '198.51.100.2', n: 100 + i })),
    ].map(async ({ address, n }) => {
      const startedAt = performance.now();
      const response = await visit(slowPath, address, { n });
      return { response, elapsed: performance.now() - startedAt };
    });

    const sleeping = async () => {
      const { rows } = await t.db.execute<{ count: number }>(
        sql`select count(*)::int as count from pg_stat_activity
             where datname = current_database() and state = 'active' and query like '%pg_sleep(${sql.raw(String(SLOW_SECONDS))})%'
               and pid <> pg_backend_pid()`,
      );
      return rows[0].count;
    };
    await expect.poll(sleeping, { timeout: 5_000, interval: 20 }).toBeGreaterThanOrEqual(3);

    const startedAt = performance.now();
    const staff = await manager.post(staffPath, { parameters: {} });
    const staffMs = performance.now() - startedAt;
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staffMs).toBeLessThan(PROMPT_MS);

    const answers = await Promise.all(flood);
    const refused = answers.filter(({ response }) => response.statusCode === 503);
    const served = answers.filter(({ response }) => response.statusCode === 200);
    // Half the pool (rounded up) per data source: three run, the six others are refused.
    expect(served).toHaveLength(3);
    expect(refused).toHaveLength(6);
    for (const { response, elapsed } of refused) {
      expectError(response, 503, 'QUERY_BUSY');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(elapsed).toBeLessThan(PROMPT_MS);
    }
  });
});

describe('public widget results are shared for a short time', () => {
  it('serves visitors the same result without running the query again until it expires', async () => {
    const sourceId = await createSource({ query: 'select 1 as valor' });
    const path = await createWidget(sourceId, true);
    const runs = () => t.app.queryRunner.counters.runs;

    const first = await visit(path, '192.0.2.20');
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = runs();
    const second = await visit(path, '192.0.2.21');
    expect(second.json()).toEqual(first.json());
    expect(runs()).toBe(afterFirst);

    // Signed-in users always get the query run for them.
    await manager.post(path, { parameters: {} });
    expect(runs()).toBe(afterFirst + 1);

    // Past WIDGET_CACHE_SECONDS the query runs again.
    await expect
      .poll(
        async () => {
          await visit(path, '192.0.2.22');
          return runs();
        },
        { timeout: 5_000, interval: 100 },
      )
      .toBe(afterFirst + 2);
  });

  it('sees a change of the data source at once', async () => {
    const sourceId = await createSource({ query: 'select 1 as valor' });
    const path = await createWidget(sourceId, true);
    expect((await visit(path, '192.0.2.30')).json().rows).toEqual([[1]]);

    const source = (await manager.get(`/data-sources/${sourceId}`)).json();
    const updated = await manager.put(`/data-sources/${sourceId}`, { ...source, query: 'select 2 as valor' });
    expect(updated.statusCode, updated.body).toBe(200);

    expect((await visit(path, '192.0.2.30')).json().rows).toEqual([[2]]);
  });
});

describe('widget calls per client', () => {
  it(`answers 429 TOO_MANY_REQUESTS with Retry-After past ${WIDGETS_PER_MINUTE} a minute from one address`, async () => {
    const path = await createWidget(await createSource({ query: 'select 1 as valor' }), true);
    for (let i = 0; i < WIDGETS_PER_MINUTE; i++) {
      const response = await visit(path, '203.0.113.50');
      expect(response.statusCode, response.body).toBe(200);
    }
    const refused = await visit(path, '203.0.113.50');
    expectError(refused, 429, 'TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Others are not held back by that address.
    expect((await visit(path, '203.0.113.51')).statusCode).toBe(200);
    expect((await manager.post(path, { parameters: {} })).statusCode).toBe(200);
  });
});
