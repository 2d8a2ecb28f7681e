import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { createEntity, signInNewUser } from '../../../test/factories.ts';
import { callerOf, limitedCallerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { FE_DEBUG_LIMITS } from './fe-debug.service.ts';

const t = useTestApp();

let admin: TCaller;
let addressCounter = 0;
/** Each test reports from a client address of its own, so the per-client caps never cross tests. */
const nextAddress = () => `192.0.2.${++addressCounter}`;

function errorReport(message: string, pathname = '/events/12') {
  return {
    error: {
      name: 'TypeError',
      message,
      stack: `TypeError: ${message}\n    at EventFormPage (https://mip.test/assets/EventFormPage-abc.js:1:200)`,
      componentStack: '\n    at EventFormPage\n    at ConsoleLayout',
    },
    device: { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140', language: 'pt-PT', viewportWidth: 375 },
    location: { href: `https://mip.test${pathname}?tab=1`, pathname },
  };
}

function report(payload: object, options: { remoteAddress?: string; authorization?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/fe-debug/',
    payload,
    remoteAddress: options.remoteAddress ?? nextAddress(),
    headers: options.authorization ? { authorization: options.authorization } : {},
  });
}

async function auditCount(): Promise<number> {
  const { rows } = await t.db.$client.query<{ n: number }>('select count(*)::int as n from audit_log');
  return rows[0].n;
}

beforeAll(async () => {
  admin = callerOf(t, (await signInNewUser(t, { permissions: ['READ_AUDIT_LOG'] })).authorization);
});

describe('POST /api/fe-debug/', () => {
  it("stores a visitor's report (public) and an administrator reads it with its details", async () => {
    const response = await report(errorReport("Cannot read properties of undefined (reading 'title')"), {
      remoteAddress: '192.0.2.200',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number), status: 'STORED' });
    const detail = await admin.get(`/fe-debug/${response.json().id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      errorName: 'TypeError',
      message: "Cannot read properties of undefined (reading 'title')",
      stack: expect.stringContaining('EventFormPage-abc.js'),
      componentStack: expect.stringContaining('ConsoleLayout'),
      device: { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140', language: 'pt-PT', viewportWidth: 375 },
      href: 'https://mip.test/events/12?tab=1',
      pathname: '/events/12',
      user: null,
      ip: '192.0.2.200',
      occurrences: 1,
    });
  });

  it('writes nothing to the audit log, which is for what staff do', async () => {
    const before = await auditCount();
    expect((await report(errorReport('Not a staff action'))).statusCode).toBe(201);
    expect(await auditCount()).toBe(before);
  });

  it('keeps who was signed in', async () => {
    const user = await signInNewUser(t, { name: 'Joana Pires' });
    const response = await report(errorReport('Signed-in failure'), { authorization: user.authorization });
    expect(response.statusCode, response.body).toBe(201);
    const detail = (await admin.get(`/fe-debug/${response.json().id}`)).json();
    expect(detail.user).toEqual({ id: user.user.id, name: 'Joana Pires' });
  });

  it('counts the same error from the same client on the report already stored (200 REPEATED)', async () => {
    const remoteAddress = nextAddress();
    const first = await report(errorReport('Render loop'), { remoteAddress });
    expect(first.statusCode).toBe(201);
    for (let i = 0; i < 3; i++) {
      const again = await report(errorReport('Render loop'), { remoteAddress });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual({ id: first.json().id, status: 'REPEATED' });
    }
    expect((await admin.get(`/fe-debug/${first.json().id}`)).json().occurrences).toBe(4);
    // Another screen is another error; another client is another report.
    expect((await report(errorReport('Render loop', '/user'), { remoteAddress })).statusCode).toBe(201);
    expect((await report(errorReport('Render loop'))).statusCode).toBe(201);
  });

  it('refuses a client past its new reports a minute with 429 and Retry-After, and stores nothing more', async () => {
    const remoteAddress = nextAddress();
    for (let i = 0; i < FE_DEBUG_LIMITS.perClientPerMinute; i++) {
      expect((await report(errorReport(`Distinct failure ${i}`), { remoteAddress })).statusCode).toBe(201);
    }
    const refused = await report(errorReport('One too many'), { remoteAddress });
    expectError(refused, 429, 'TOO_MANY_REQUESTS');
    expect(refused.headers['retry-after']).toBe('60');
    const { rows } = await t.db.$client.query('select count(*)::int as n from fe_debug_reports where message = $1', [
      'One too many',
    ]);
    expect(rows[0].n).toBe(0);
    // Other clients are not held back by this one.
    expect((await report(errorReport('One too many'))).statusCode).toBe(201);
  });

  it('refuses everyone once the reports of the last minute reach the overall cap', async () => {
    await t.db.$client.query(
      `insert into fe_debug_reports (message, device, href, pathname, ip, fingerprint)
       select 'flood ' || n, '{}'::jsonb, 'https://mip.test/', '/', '198.51.100.' || (n % 250), md5(n::text)
         from generate_series(1, $1) as n`,
      [FE_DEBUG_LIMITS.allClientsPerMinute],
    );
    expectError(await report(errorReport('After the flood')), 429, 'TOO_MANY_REQUESTS');
    await t.db.$client.query(
      `update fe_debug_reports set created_at = now() - interval '2 minutes' where message like 'flood %'`,
    );
    expect((await report(errorReport('After the flood'))).statusCode).toBe(201);
  });

  it('refuses a report without an error message or a location, in the spec field-error shape', async () => {
    const { error, ...withoutError } = errorReport('x');
    expectFieldError(await report(withoutError), 'error', 'MISSING_MESSAGE');
    expectFieldError(
      await report({ ...errorReport('x'), error: { ...error, message: ' ' } }),
      'error.message',
      'MISSING_MESSAGE',
    );
    const { location: _location, ...withoutLocation } = errorReport('x');
    expectFieldError(await report(withoutLocation), 'location', 'MISSING_URL');
    expectFieldError(await report(errorReport('x'.repeat(2001))), 'error.message', 'TOO_LONG');
  });
});

describe('GET /api/fe-debug/search and /api/fe-debug/{id}', () => {
  it('pages the reports, most recently seen first, and searches their message and screen', async () => {
    const remoteAddress = nextAddress();
    await report(errorReport('Falha ao desenhar o mapa', '/mobile-systems'), { remoteAddress });
    await report(errorReport('Chunk load failed', '/dashboards'), { remoteAddress });
    const page = await admin.get('/fe-debug/search', { itemsPerPage: '1' });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ currentPage: 0, itemsPerPage: 1, sortBy: 'lastSeenAt', sortOrder: 'DESC' });
    expect(page.json().totalItems).toBeGreaterThan(2);
    expect(page.json().content).toHaveLength(1);
    expect(page.json().content[0]).toMatchObject({ message: 'Chunk load failed', pathname: '/dashboards' });
    expect(page.json().content[0]).not.toHaveProperty('stack');

    const found = await admin.get('/fe-debug/search', { universalSearch: 'desenhar mapa' });
    expect(found.json().content.map((item: { message: string }) => item.message)).toEqual(['Falha ao desenhar o mapa']);
    const byScreen = await admin.get('/fe-debug/search', { universalSearch: '/mobile-systems' });
    expect(byScreen.json().totalItems).toBe(1);
    expect(byScreen.json().content[0].userAgent).toBe('Mozilla/5.0 (X11; Linux x86_64) Chrome/140');
  });

  it('needs READ_AUDIT_LOG: 401 without a session, 403 without the permission', async () => {
    expectError(await callerOf(t, '').get('/fe-debug/search'), 401, 'UNAUTHORIZED');
    const plain = callerOf(t, (await signInNewUser(t)).authorization);
    expectError(await plain.get('/fe-debug/search'), 403, 'FORBIDDEN');
    expectError(await plain.get('/fe-debug/1'), 403, 'FORBIDDEN');
  });

  it('shows an auditor limited to some entities only the reports of those entities’ users, as the audit log does', async () => {
    const department = await createEntity(t.db);
    const auditor = await limitedCallerOf(t, department.id, ['READ_AUDIT_LOG']);
    const colleague = await signInNewUser(t, { entityId: department.id });
    const outsider = await signInNewUser(t);
    const tag = `Falha ${Date.now()}`;
    const mine = await report(errorReport(`${tag} dentro`), { authorization: colleague.authorization });
    const theirs = await report(errorReport(`${tag} fora`), { authorization: outsider.authorization });
    const visitor = await report(errorReport(`${tag} visitante`));
    expect((await auditor.get(`/fe-debug/${mine.json().id}`)).statusCode).toBe(200);
    expectError(await auditor.get(`/fe-debug/${theirs.json().id}`), 404, 'NOT_FOUND');
    expectError(await auditor.get(`/fe-debug/${visitor.json().id}`), 404, 'NOT_FOUND');
    const list = await auditor.get('/fe-debug/search', { universalSearch: tag });
    expect(list.json().content.map((item: { message: string }) => item.message)).toEqual([`${tag} dentro`]);
    expect((await admin.get('/fe-debug/search', { universalSearch: tag })).json().totalItems).toBe(3);
  });

  it('answers 404 for an unknown report', async () => {
    expectError(await admin.get('/fe-debug/2000000000'), 404, 'NOT_FOUND');
  });
});
