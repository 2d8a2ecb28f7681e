import { randomBytes, randomUUID } from 'node:crypto';
import type { TUsageSummary } from '@mip/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { signInNewUser } from '../../../test/factories.ts';
import { createMobilitySystem } from '../../../test/mobility-factories.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();
let staff: TCaller;

beforeAll(async () => {
  const reader = await signInNewUser(t, { permissions: ['MANAGE_DASHBOARDS'] });
  staff = callerOf(t, reader.authorization);
});

const now = Date.now();
const session = (overrides: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  deviceType: 'mobile',
  browserName: 'Chrome',
  browserVersion: '131.0',
  operatingSystem: 'Android',
  operatingSystemVersion: '15',
  startTimestamp: now - 30_000,
  currentTimestamp: now,
  systemsClicked: [],
  filter: { groups: [1, 2], traffic: true },
  ...overrides,
});

/** Each test sends from an address of its own, so the rate limit of one never trips another. */
const fromAddress = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

function sendSession(body: unknown, remoteAddress = fromAddress()) {
  return t.app.inject({ method: 'PUT', url: '/api/statistics/session', payload: body as object, remoteAddress });
}

const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Lisbon' });

async function summary(query: Record<string, string> = { from: today(), to: today() }): Promise<TUsageSummary> {
  const response = await staff.get('/statistics/summary', query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('PUT /api/statistics/session', () => {
  it('takes a session from anyone and updates it by id', async () => {
    const before = await summary();
    const first = session({ deviceType: 'kiosk-a' });
    const response = await sendSession(first);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await sendSession({ ...first, currentTimestamp: now + 60_000, systemsClicked: [5] })).statusCode).toBe(200);
    const { rows } = await t.db.$client.query(
      'select client_started_at, client_current_at, systems_clicked from usage_sessions where id = $1',
      [first.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].client_current_at.getTime()).toBe(now + 60_000);
    expect(rows[0].client_started_at.getTime()).toBe(now - 30_000);
    expect(rows[0].systems_clicked).toEqual([5]);
    const after = await summary();
    expect(after.totalSessions).toBe(before.totalSessions + 1);
    expect(after.deviceTypes).toContainEqual({ name: 'kiosk-a', sessions: 1 });
  });

  it('never moves the current time backwards', async () => {
    const first = session();
    await sendSession(first);
    await sendSession({ ...first, currentTimestamp: first.startTimestamp });
    const { rows } = await t.db.$client.query('select client_current_at from usage_sessions where id = $1', [first.id]);
    expect(rows[0].client_current_at.getTime()).toBe(first.currentTimestamp);
  });

  it('takes a session with only its id and times', async () => {
    const response = await sendSession({ id: randomUUID(), startTimestamp: now, currentTimestamp: now });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses malformed sessions with field errors, never a 500', async () => {
    expectFieldError(await sendSession(session({ id: undefined })), 'id', 'MISSING_VALUE');
    expectFieldError(await sendSession(session({ id: 'short' })), 'id', 'INVALID_VALUE');
    expectFieldError(await sendSession(session({ id: "x'; drop table usage_sessions; --" })), 'id', 'INVALID_VALUE');
    expectFieldError(await sendSession(session({ browserName: 'x'.repeat(61) })), 'browserName', 'TOO_LONG');
    expectFieldError(
      await sendSession(session({ startTimestamp: 'yesterday' })),
      'startTimestamp',
      'INVALID_TIMESTAMP',
    );
    expectFieldError(await sendSession(session({ startTimestamp: 1e20 })), 'startTimestamp', 'INVALID_TIMESTAMP');
    expectFieldError(
      await sendSession(session({ startTimestamp: now, currentTimestamp: now - 1 })),
      'currentTimestamp',
      'INVALID_TIMESTAMP',
    );
    expectFieldError(
      await sendSession(session({ systemsClicked: Array.from({ length: 1001 }, () => 1) })),
      'systemsClicked',
      'TOO_LONG',
    );
    expectFieldError(await sendSession(session({ systemsClicked: ['abc'] })), 'systemsClicked[0]', 'INVALID_VALUE');
    expectFieldError(await sendSession(session({ filter: { big: 'x'.repeat(5000) } })), 'filter', 'TOO_LONG');
    const huge = await sendSession(session({ filter: 'x'.repeat(40_000) }));
    expect(huge.statusCode).toBe(413);
  });

  it('limits how often one address may send', async () => {
    const address = fromAddress();
    let refused = null;
    for (let i = 0; i < 400 && !refused; i++) {
      const response = await sendSession({ id: randomUUID(), startTimestamp: now, currentTimestamp: now }, address);
      if (response.statusCode === 429) refused = response;
    }
    expect(refused).not.toBeNull();
    expectError(refused as never, 429, 'TOO_MANY_REQUESTS');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect((await sendSession(session(), fromAddress())).statusCode).toBe(200);
  });
});

describe('GET /api/statistics/summary', () => {
  it('counts sessions per day, devices, browsers and the most clicked systems', async () => {
    const before = await summary();
    const stop = await createMobilitySystem(t.db, { name: `Trindade ${randomUUID().slice(0, 6)}` });
    await sendSession(session({ browserName: 'Firefox', systemsClicked: [stop.id, stop.id, 999_999] }));
    await sendSession(session({ browserName: 'Firefox', deviceType: 'desktop', systemsClicked: [stop.id] }));
    const after = await summary();
    expect(after.totalSessions).toBe(before.totalSessions + 2);
    expect(after.totalClicks).toBe(before.totalClicks + 4);
    expect(after.sessionsPerDay).toEqual([{ date: today(), sessions: after.totalSessions }]);
    const firefox = (day: TUsageSummary) => day.browsers.find((browser) => browser.name === 'Firefox')?.sessions ?? 0;
    expect(firefox(after)).toBe(firefox(before) + 2);
    expect(after.topSystems).toContainEqual({ systemId: stop.id, name: stop.name, clicks: 3, sessions: 2 });
    expect(after.topSystems).toContainEqual({ systemId: 999_999, name: null, clicks: 1, sessions: 1 });
    expect(after.timeZone).toBe('Europe/Lisbon');
    expect(after.averageDurationSeconds).toBeGreaterThan(0);
  });

  it('fills every day of the range, days without sessions included', async () => {
    const result = await summary({ from: '2020-02-27', to: '2020-03-02' });
    expect(result.sessionsPerDay).toEqual([
      { date: '2020-02-27', sessions: 0 },
      { date: '2020-02-28', sessions: 0 },
      { date: '2020-02-29', sessions: 0 },
      { date: '2020-03-01', sessions: 0 },
      { date: '2020-03-02', sessions: 0 },
    ]);
    expect(result).toMatchObject({ totalSessions: 0, averageDurationSeconds: 0, topSystems: [], browsers: [] });
  });

  it('refuses a bad range', async () => {
    expectFieldError(
      await staff.get('/statistics/summary', { from: '2024-13-01', to: '2024-12-01' }),
      'from',
      'INVALID_DATE',
    );
    expectFieldError(
      await staff.get('/statistics/summary', { from: '2024-02-01', to: '2024-01-01' }),
      'to',
      'INVALID_DATE_RANGE',
    );
    expectFieldError(
      await staff.get('/statistics/summary', { from: '2020-01-01', to: '2024-01-01' }),
      'to',
      'INVALID_DATE_RANGE',
    );
    expectFieldError(await staff.get('/statistics/summary', { to: '2024-01-01' }), 'from', 'MISSING_VALUE');
  });

  it('is for holders of MANAGE_DASHBOARDS', async () => {
    expectError(
      await t.app.inject({ url: '/api/statistics/summary?from=2024-01-01&to=2024-01-02' }),
      401,
      'UNAUTHORIZED',
    );
    // Reading dashboards is not enough: usage statistics are for those who manage them.
    const other = await signInNewUser(t, { permissions: ['READ_DASHBOARD', 'MANAGE_LAYERS', 'MANAGE_SPRITES'] });
    expectError(
      await callerOf(t, other.authorization).get('/statistics/summary', { from: '2024-01-01', to: '2024-01-02' }),
      403,
      'FORBIDDEN',
    );
  });
});
