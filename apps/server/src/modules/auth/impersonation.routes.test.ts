import { PERMISSIONS, type TPermission } from '@mip/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { createEntity, createRole, createUser, signIn, signInNewUser } from '../../../test/factories.ts';
import { callerOf } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();

const SUPPORT: TPermission[] = ['IMPERSONATE_USER', 'READ_USER', 'WRITE_USER', 'READ_ENTITY'];

let entityA: { id: number; name: string };
let staffRole: { id: number };
let support: { user: { id: number; name: string }; authorization: string };

beforeAll(async () => {
  entityA = await createEntity(t.db, { name: 'Câmara Municipal de Aveiro' });
  staffRole = await createRole(t.db, ['READ_USER', 'WRITE_USER']);
  support = await signInNewUser(t, { entityId: entityA.id, permissions: SUPPORT, entitiesAccessList: [entityA.id] });
});

/** A colleague of entity A whom the support user may impersonate. */
function createColleague(values: Parameters<typeof createUser>[1] = {}) {
  return createUser(t.db, { entityId: entityA.id, roleId: staffRole.id, entitiesAccessList: [entityA.id], ...values });
}

function impersonate(userId: unknown, authorization = support.authorization) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/impersonate',
    headers: { authorization },
    payload: { userId },
  });
}

function exitImpersonation(authorization: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/impersonate/exit', headers: { authorization } });
}

const readSession = (authorization: string) => t.app.inject({ url: '/api/auth/session', headers: { authorization } });

describe('POST /api/auth/impersonate', () => {
  it("answers the spec's new session for the chosen user and keeps the original one valid", async () => {
    const colleague = await createColleague({ name: 'Beatriz Nogueira', language: 'en-US' });
    const response = await impersonate(colleague.id);
    expect(response.statusCode, response.body).toBe(200);
    const session = response.json();
    expect(session).toEqual({
      id: colleague.id,
      name: 'Beatriz Nogueira',
      email: colleague.email,
      entity: { id: entityA.id, name: entityA.name, profile: null },
      role: { id: staffRole.id, name: expect.any(String), permissions: ['READ_USER', 'WRITE_USER'] },
      sessionToken: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/),
      sessionValidity: expect.any(String),
      timeZone: 'Europe/Lisbon',
      language: 'en-US',
      entitiesAccessList: [entityA.id],
      legalWarningReadTimestamp: null,
    });

    const asColleague = await readSession(`Bearer ${session.sessionToken}`);
    expect(asColleague.json()).toMatchObject({
      id: colleague.id,
      impersonatedBy: { id: support.user.id, name: support.user.name },
    });
    const original = await readSession(support.authorization);
    expect(original.json()).toMatchObject({ id: support.user.id, impersonatedBy: null });
    // The impersonation never outlives the session it came from.
    expect(Date.parse(session.sessionValidity)).toBeLessThanOrEqual(Date.parse(original.json().session.validity));
  });

  it('audits the start, and every change made meanwhile, with both the impersonated user and the real one', async () => {
    const colleague = await createColleague();
    const session = (await impersonate(colleague.id)).json();
    const [start] = (await findAuditRows(t.db, 'IMPERSONATION_START')).filter(
      (row) => row.record_id === String(colleague.id),
    );
    expect(start).toMatchObject({ user_id: colleague.id, impersonator_user_id: support.user.id, record_type: 'user' });

    const created = await callerOf(t, `Bearer ${session.sessionToken}`).post('/users', {
      name: 'Criado em Nome de Outrem',
      email: 'criado.em.nome@aveiro.example',
      entityId: entityA.id,
      roleId: staffRole.id,
      language: 'pt-PT',
      timeZone: 'Europe/Lisbon',
      receiveNotifications: false,
      status: 'ACTIVE',
    });
    expect(created.statusCode, created.body).toBe(200);
    const [creation] = (await findAuditRows(t.db, 'CREATE', 'user')).filter(
      (row) => row.record_id === String(created.json().id),
    );
    expect(creation).toMatchObject({ user_id: colleague.id, impersonator_user_id: support.user.id });
  });

  it('refuses to impersonate oneself', async () => {
    expectError(await impersonate(support.user.id), 403, 'IMPERSONATION_NOT_ALLOWED');
  });

  it('refuses an inactive user', async () => {
    const inactive = await createColleague({ status: 'INACTIVE' });
    expectError(await impersonate(inactive.id), 403, 'IMPERSONATION_NOT_ALLOWED');
  });

  it('refuses, and leaves out of its list, a user who never activated their account', async () => {
    const invited = await createColleague({ name: `Convidado ${Date.now()}`, withoutPassword: true });
    expectError(await impersonate(invited.id), 403, 'IMPERSONATION_NOT_ALLOWED');
    const listed = await t.app.inject({
      url: '/api/users/search',
      headers: { authorization: support.authorization },
      query: { universalSearch: invited.name, status: 'ACTIVE', activated: 'true', type: 'ANY' },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().content).toEqual([]);
  });

  it('refuses a user whose role holds a permission the impersonator lacks', async () => {
    const admin = await createUser(t.db, {
      entityId: entityA.id,
      permissions: [...PERMISSIONS],
      entitiesAccessList: [entityA.id],
    });
    expectError(await impersonate(admin.id), 403, 'IMPERSONATION_NOT_ALLOWED');
  });

  it('refuses a user who sees more entities than the impersonator', async () => {
    const unlimited = await createColleague({ entitiesAccessList: [] });
    expectError(await impersonate(unlimited.id), 403, 'IMPERSONATION_NOT_ALLOWED');
  });

  it('answers 404 for a user outside the scope, as for one who does not exist', async () => {
    const outsider = await createUser(t.db, { roleId: staffRole.id, entitiesAccessList: [] });
    expectError(await impersonate(outsider.id), 404, 'NOT_FOUND');
    expectError(await impersonate(2_000_000), 404, 'NOT_FOUND');
  });

  it('refuses to impersonate again from an impersonation session', async () => {
    const role = await createRole(t.db, ['IMPERSONATE_USER', 'READ_USER']);
    const deputy = await createColleague({ roleId: role.id });
    const session = (await impersonate(deputy.id)).json();
    const third = await createColleague({ roleId: role.id });
    expectError(await impersonate(third.id, `Bearer ${session.sessionToken}`), 403, 'IMPERSONATION_NOT_ALLOWED');
  });

  it('asks for the user and for IMPERSONATE_USER', async () => {
    expectFieldError(await impersonate(undefined), 'userId', 'MISSING_USER');
    const reader = await signInNewUser(t, { permissions: ['READ_USER'] });
    const colleague = await createColleague();
    expectError(await impersonate(colleague.id, reader.authorization), 403, 'FORBIDDEN');
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/auth/impersonate', payload: { userId: 1 } });
    expectError(anonymous, 401, 'UNAUTHORIZED');
  });
});

describe('POST /api/auth/impersonate/exit', () => {
  it('ends the impersonation session, keeps the original and audits the end', async () => {
    const colleague = await createColleague();
    const impersonation = `Bearer ${(await impersonate(colleague.id)).json().sessionToken}`;
    const response = await exitImpersonation(impersonation);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await readSession(impersonation)).statusCode).toBe(401);
    expect((await readSession(support.authorization)).statusCode).toBe(200);
    const [end] = (await findAuditRows(t.db, 'IMPERSONATION_END')).filter(
      (row) => row.record_id === String(colleague.id),
    );
    expect(end).toMatchObject({ user_id: colleague.id, impersonator_user_id: support.user.id });
  });

  it('answers 409 NOT_IMPERSONATING from an ordinary session and leaves it alone', async () => {
    const { authorization } = await signInNewUser(t);
    expectError(await exitImpersonation(authorization), 409, 'NOT_IMPERSONATING');
    expect((await readSession(authorization)).statusCode).toBe(200);
  });

  it('the impersonation ends with the session it was opened from', async () => {
    const impersonator = await createUser(t.db, {
      entityId: entityA.id,
      permissions: SUPPORT,
      entitiesAccessList: [entityA.id],
    });
    const own = await signIn(t.app, impersonator.email);
    const colleague = await createColleague();
    const impersonation = `Bearer ${(await impersonate(colleague.id, own.authorization)).json().sessionToken}`;
    expect((await readSession(impersonation)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: own.authorization } });
    expect((await readSession(impersonation)).statusCode).toBe(401);
  });
});
