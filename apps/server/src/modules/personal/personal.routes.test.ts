import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { createEntity, createRole, createUser, signInNewUser } from '../../../test/factories.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();

const VALID = { name: 'Inês Carvalho', language: 'en-US', timeZone: 'Atlantic/Azores', receiveNotifications: false };

let me: { user: { id: number; email: string }; authorization: string };
let api: TCaller;

beforeAll(async () => {
  me = await signInNewUser(t, { name: 'Inês Carvalho' });
  api = callerOf(t, me.authorization);
});

describe('GET /api/users/me', () => {
  it("answers the caller's own details, with their notification choice", async () => {
    const response = await api.get('/users/me');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id: me.user.id,
      name: 'Inês Carvalho',
      email: me.user.email,
      language: 'pt-PT',
      timeZone: 'Europe/Lisbon',
      receiveNotifications: true,
    });
  });

  it('requires authentication', async () => {
    expectError(await callerOf(t, '').get('/users/me'), 401, 'UNAUTHORIZED');
    expectError(await callerOf(t, '').put('/users/me', VALID), 401, 'UNAUTHORIZED');
  });
});

describe('PUT /api/users/me', () => {
  it('saves name, language, time zone and notifications; the session says so at once; the change is audited', async () => {
    const user = await signInNewUser(t, { name: 'Rui Almeida' });
    const caller = callerOf(t, user.authorization);
    const response = await caller.put('/users/me', { ...VALID, name: '  Rui Almeida Santos ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Rui Almeida Santos',
      language: 'en-US',
      timeZone: 'Atlantic/Azores',
      receiveNotifications: false,
    });
    expect((await caller.get('/auth/session')).json()).toMatchObject({
      name: 'Rui Almeida Santos',
      language: 'en-US',
      timeZone: 'Atlantic/Azores',
    });
    const audit = (await findAuditRows(t.db, 'UPDATE', 'user')).filter((row) => row.record_id === String(user.user.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      user_id: user.user.id,
      before: { name: 'Rui Almeida', language: 'pt-PT', timeZone: 'Europe/Lisbon', receiveNotifications: true },
      after: {
        name: 'Rui Almeida Santos',
        language: 'en-US',
        timeZone: 'Atlantic/Azores',
        receiveNotifications: false,
      },
    });
  });

  it('writes no audit entry when nothing changed', async () => {
    const user = await signInNewUser(t, { name: 'Sofia Reis' });
    const caller = callerOf(t, user.authorization);
    const same = { name: 'Sofia Reis', language: 'pt-PT', timeZone: 'Europe/Lisbon', receiveNotifications: true };
    expect((await caller.put('/users/me', same)).statusCode).toBe(200);
    const audit = (await findAuditRows(t.db, 'UPDATE', 'user')).filter((row) => row.record_id === String(user.user.id));
    expect(audit).toHaveLength(0);
  });

  it.each([
    ['name', { name: '' }, 'MISSING_NAME'],
    ['name', { name: '12345' }, 'INVALID_NAME'],
    ['language', { language: 'fr-FR' }, 'INVALID_LANGUAGE'],
    ['language', { language: undefined }, 'MISSING_LANGUAGE'],
    ['timeZone', { timeZone: 'Lua/Cratera' }, 'INVALID_TIMEZONE'],
    ['timeZone', { timeZone: '' }, 'MISSING_TIMEZONE'],
    ['receiveNotifications', { receiveNotifications: undefined }, 'MISSING_RECEIVE_NOTIFICATIONS'],
  ])('refuses a bad %s with %s… in the spec field-error shape', async (property, change, code) => {
    const response = await api.put('/users/me', { ...VALID, ...change });
    expectFieldError(response, property, code);
    expect((await api.get('/users/me')).json().language).toBe('pt-PT');
  });

  it("changes only the caller's own record, never the email, entity, role or status", async () => {
    const response = await api.put('/users/me', {
      ...VALID,
      email: 'outro@test.example',
      status: 'INACTIVE',
      roleId: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().email).toBe(me.user.email);
    const { rows } = await t.db.$client.query('select email, status from users where id = $1', [me.user.id]);
    expect(rows[0]).toEqual({ email: me.user.email, status: 'ACTIVE' });
  });

  it("is refused while impersonating: the other person's preferences are not the impersonator's", async () => {
    const entity = await createEntity(t.db);
    const support = await signInNewUser(t, { entityId: entity.id, permissions: ['IMPERSONATE_USER', 'READ_USER'] });
    const colleague = await createUser(t.db, {
      entityId: entity.id,
      roleId: (await createRole(t.db)).id,
      name: 'Colega',
    });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: { authorization: support.authorization },
      payload: { userId: colleague.id },
    });
    expect(started.statusCode, started.body).toBe(200);
    const asColleague = callerOf(t, `Bearer ${started.json().sessionToken}`);
    expect((await asColleague.get('/users/me')).json().name).toBe('Colega');
    expectError(await asColleague.put('/users/me', VALID), 403, 'IMPERSONATION_NOT_ALLOWED');
    const { rows } = await t.db.$client.query('select name, language from users where id = $1', [colleague.id]);
    expect(rows[0]).toEqual({ name: 'Colega', language: 'pt-PT' });
  });
});
