import { randomBytes } from 'node:crypto';
import { PERMISSIONS, type TPermission } from '@mip/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError, waitFor } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { createEventCategory } from '../../../test/event-factories.ts';
import {
  createEntity,
  createEntityProfile,
  createRole,
  createUser,
  signIn,
  signInNewUser,
} from '../../../test/factories.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();

const MANAGER: TPermission[] = ['READ_USER', 'WRITE_USER', 'READ_ENTITY'];
const unique = () => randomBytes(4).toString('hex');

/**
 * Two separate trees: A (with sub-entity A1) and B. The manager works at A,
 * limited to A's tree; the other manager at B, limited to B's.
 */
let entityA: { id: number };
let entityA1: { id: number };
let entityB: { id: number };
let managerRole: { id: number };
let manager: { user: { id: number; email: string }; authorization: string };
let api: TCaller;
let apiB: TCaller;

beforeAll(async () => {
  entityA = await createEntity(t.db, { name: `Câmara Municipal ${unique()}` });
  entityA1 = await createEntity(t.db, { name: `Divisão ${unique()}`, parentId: entityA.id });
  entityB = await createEntity(t.db, { name: `Outra Câmara ${unique()}` });
  managerRole = await createRole(t.db, MANAGER);
  manager = await signInNewUser(t, { entityId: entityA.id, roleId: managerRole.id, entitiesAccessList: [entityA.id] });
  api = callerOf(t, manager.authorization);
  const managerB = await signInNewUser(t, {
    entityId: entityB.id,
    permissions: MANAGER,
    entitiesAccessList: [entityB.id],
  });
  apiB = callerOf(t, managerB.authorization);
});

/** A valid form for a user of entity A with the manager's role. */
function userForm(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Joana Marques',
    email: `joana.${unique()}@cm-exemplo.example`,
    entityId: entityA.id,
    roleId: managerRole.id,
    language: 'pt-PT',
    timeZone: 'Europe/Lisbon',
    receiveNotifications: true,
    status: 'ACTIVE',
    ...overrides,
  };
}

const countUsers = async () =>
  (await t.db.$client.query<{ n: number }>('select count(*)::int as n from users')).rows[0].n;

describe('GET /api/users/search', () => {
  let entity: { id: number };
  beforeAll(async () => {
    entity = await createEntity(t.db, { name: `Serviço ${unique()}`, parentId: entityA.id });
    await createUser(t.db, { entityId: entity.id, name: 'Úrsula Barros', email: `ursula.${unique()}@x.example` });
    await createUser(t.db, { entityId: entity.id, name: 'Álvaro Dias', email: `alvaro.${unique()}@x.example` });
    await createUser(t.db, { entityId: entity.id, name: 'Bruno Costa', email: `bruno.${unique()}@x.example` });
  });

  it("answers the spec's paged list, sorted by name in Portuguese order by default", async () => {
    const response = await api.get('/users/search', { entityId: String(entity.id) });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({
      totalItems: 3,
      totalPages: 1,
      currentPage: 0,
      itemsPerPage: 50,
      sortBy: 'name',
      sortOrder: 'ASC',
    });
    expect(page.content.map((u: { name: string }) => u.name)).toEqual(['Álvaro Dias', 'Bruno Costa', 'Úrsula Barros']);
    expect(page.content[0]).toEqual({
      id: expect.any(Number),
      name: 'Álvaro Dias',
      email: expect.stringMatching(/^alvaro\./),
      entityId: entity.id,
      entityName: expect.stringMatching(/^Serviço /),
      roleId: expect.any(Number),
      roleName: expect.any(String),
      status: 'ACTIVE',
      lastLoginTimestamp: null,
      ballotNumber: null,
      type: 'NORMAL',
    });
  });

  it('pages with a zero-based currentPage and sorts both ways', async () => {
    const second = await api.get('/users/search', {
      entityId: String(entity.id),
      itemsPerPage: '2',
      currentPage: '1',
      sortProperty: 'name',
      sortDirection: 'DESC',
    });
    expect(second.json()).toMatchObject({ totalItems: 3, totalPages: 2, currentPage: 1, itemsPerPage: 2 });
    expect(second.json()).toMatchObject({ sortBy: 'name', sortOrder: 'DESC' });
    expect(second.json().content.map((u: { name: string }) => u.name)).toEqual(['Álvaro Dias']);
  });

  it('finds a name whatever its accents and case ("sao joao" finds "São João"), and by part of the email', async () => {
    const joao = await createUser(t.db, { entityId: entityA.id, name: 'São João Pestana' });
    await createUser(t.db, { entityId: entityA.id, name: 'Sónia Rebelo', email: `srebelo.${unique()}@x.example` });
    const byName = await api.get('/users/search', { universalSearch: 'sao joao' });
    expect(byName.json().content.map((u: { id: number }) => u.id)).toEqual([joao.id]);
    const inOtherOrder = await api.get('/users/search', { universalSearch: 'PESTANA são' });
    expect(inOtherOrder.json().content.map((u: { id: number }) => u.id)).toEqual([joao.id]);
    // Under the database's C locale lower() alone would leave the capital "Á" as it is.
    const accentedCapital = await api.get('/users/search', { universalSearch: 'alvaro' });
    expect(accentedCapital.json().content.map((u: { name: string }) => u.name)).toEqual(['Álvaro Dias']);
    const byEmail = await api.get('/users/search', { universalSearch: 'srebelo' });
    expect(byEmail.json().content.map((u: { name: string }) => u.name)).toEqual(['Sónia Rebelo']);
  });

  it('takes % and _ in the search box literally', async () => {
    await createUser(t.db, { entityId: entityA.id, name: 'Percentagem 100% Certa' });
    const literal = await api.get('/users/search', { universalSearch: '100%' });
    expect(literal.json().content.map((u: { name: string }) => u.name)).toEqual(['Percentagem 100% Certa']);
    expect((await api.get('/users/search', { universalSearch: '_' })).json().totalItems).toBe(0);
  });

  it('filters by status, type, role, entity with or without its sub-entities, and leaves the caller out', async () => {
    const parent = await createEntity(t.db, { parentId: entityA.id });
    const child = await createEntity(t.db, { parentId: parent.id });
    const role = await createRole(t.db, []);
    const active = await createUser(t.db, { entityId: parent.id, roleId: role.id });
    const inactive = await createUser(t.db, { entityId: parent.id, roleId: role.id, status: 'INACTIVE' });
    const vet = await createUser(t.db, { entityId: child.id, type: 'VETERINARIAN' });
    const ids = async (query: Record<string, string>) =>
      ((await api.get('/users/search', query)).json().content as { id: number }[]).map((u) => u.id).sort();

    expect(await ids({ entityId: String(parent.id) })).toEqual([active.id, inactive.id].sort());
    expect(await ids({ entityId: String(parent.id), includeChildrenEntities: 'true' })).toEqual(
      [active.id, inactive.id, vet.id].sort(),
    );
    expect(await ids({ entityId: String(parent.id), status: 'INACTIVE' })).toEqual([inactive.id]);
    expect(await ids({ entityId: String(parent.id), status: 'ANY' })).toHaveLength(2);
    expect(await ids({ entityId: String(parent.id), includeChildrenEntities: 'true', type: 'VETERINARIAN' })).toEqual([
      vet.id,
    ]);
    expect(await ids({ roleId: String(role.id) })).toEqual([active.id, inactive.id].sort());

    const withSelf = await ids({ entityId: String(entityA.id) });
    expect(withSelf).toContain(manager.user.id);
    expect(await ids({ entityId: String(entityA.id), excludeSelf: 'true' })).not.toContain(manager.user.id);
  });

  it('puts users who never signed in last when sorting by last login, either way', async () => {
    const entity = await createEntity(t.db, { parentId: entityA.id });
    const never = await createUser(t.db, { entityId: entity.id });
    const early = await createUser(t.db, { entityId: entity.id, lastLoginAt: new Date('2026-01-01T10:00:00Z') });
    const late = await createUser(t.db, { entityId: entity.id, lastLoginAt: new Date('2026-06-01T10:00:00Z') });
    const order = async (sortDirection: string) =>
      (
        (
          await api.get('/users/search', {
            entityId: String(entity.id),
            sortProperty: 'lastLoginTimestamp',
            sortDirection,
          })
        ).json().content as { id: number }[]
      ).map((u) => u.id);
    expect(await order('ASC')).toEqual([early.id, late.id, never.id]);
    expect(await order('DESC')).toEqual([late.id, early.id, never.id]);
    const page = await api.get('/users/search', { entityId: String(entity.id), sortProperty: 'lastLoginTimestamp' });
    expect(page.json().content[0].lastLoginTimestamp).toBe('2026-01-01T10:00:00.000Z');
  });

  it('answers the same through POST with a JSON body', async () => {
    const query = { entityId: entity.id, status: 'ACTIVE', includeChildrenEntities: false, itemsPerPage: 2 };
    const posted = await api.post('/users/search', query);
    expect(posted.statusCode, posted.body).toBe(200);
    const got = await api.get('/users/search', {
      entityId: String(entity.id),
      status: 'ACTIVE',
      includeChildrenEntities: 'false',
      itemsPerPage: '2',
    });
    expect(posted.json()).toEqual(got.json());
    expect(posted.json().content).toHaveLength(2);
  });

  it("never lists users of an entity outside the caller's scope, even when asked for that entity", async () => {
    const outsider = await createUser(t.db, { entityId: entityB.id, name: 'Xavier Fora do Âmbito' });
    const byEntity = await api.get('/users/search', { entityId: String(entityB.id) });
    expect(byEntity.json()).toMatchObject({ totalItems: 0, content: [] });
    const byName = await api.get('/users/search', { universalSearch: 'Xavier Fora' });
    expect(byName.json().totalItems).toBe(0);
    // The other entity's manager does see them.
    const fromB = await apiB.get('/users/search', { universalSearch: 'Xavier Fora' });
    expect(fromB.json().content.map((u: { id: number }) => u.id)).toEqual([outsider.id]);
  });

  it("lists the users of the caller's sub-entities", async () => {
    const below = await createUser(t.db, { entityId: entityA1.id, name: 'Inês Subentidade' });
    const response = await api.get('/users/search', { universalSearch: 'Inês Subentidade' });
    expect(response.json().content.map((u: { id: number }) => u.id)).toEqual([below.id]);
  });

  it('requires a session, and READ_USER or IMPERSONATE_USER', async () => {
    expectError(await t.app.inject({ url: '/api/users/search' }), 401, 'UNAUTHORIZED');
    const reader = await signInNewUser(t, { permissions: ['READ_ENTITY', 'WRITE_ENTITY'] });
    expectError(await callerOf(t, reader.authorization).get('/users/search'), 403, 'FORBIDDEN');
    const impersonator = await signInNewUser(t, { permissions: ['IMPERSONATE_USER'] });
    expect((await callerOf(t, impersonator.authorization).get('/users/search')).statusCode).toBe(200);
  });

  it.each([
    ['sortProperty', 'password'],
    ['status', 'DELETED'],
    ['currentPage', '-1'],
    ['itemsPerPage', '0'],
    ['entityId', 'abc'],
  ])('refuses %s=%s with a field error', async (name, value) => {
    const response = await api.get('/users/search', { [name]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ hasErrors: true, errors: [expect.objectContaining({ property: name })] });
  });
});

describe('GET /api/users/{id}', () => {
  it('answers the whole user', async () => {
    const user = await createUser(t.db, { entityId: entityA1.id, name: 'Rita Sampaio', withoutPassword: true });
    const response = await api.get(`/users/${user.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id: user.id,
      name: 'Rita Sampaio',
      email: user.email,
      type: 'NORMAL',
      status: 'ACTIVE',
      entity: { id: entityA1.id, name: expect.stringMatching(/^Divisão /) },
      role: { id: user.roleId, name: expect.any(String) },
      language: 'pt-PT',
      timeZone: 'Europe/Lisbon',
      receiveNotifications: true,
      entitiesAccessList: [],
      ballotNumber: null,
      lastLoginTimestamp: null,
      isActivated: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(response.body).not.toContain('password');
  });

  it('answers 404 for a user of an entity outside the scope, as for one that does not exist', async () => {
    const outsider = await createUser(t.db, { entityId: entityB.id });
    expectError(await api.get(`/users/${outsider.id}`), 404, 'NOT_FOUND');
    expectError(await api.get('/users/2147483647'), 404, 'NOT_FOUND');
  });
});

describe('POST /api/users', () => {
  it('creates the user, mails an activation link that works, and audits the creation', async () => {
    const form = userForm({ name: '  Mariana Lopes  ', email: `Mariana.${unique()}@CM-Exemplo.example` });
    const response = await api.post('/users', form);
    expect(response.statusCode, response.body).toBe(200);
    const user = response.json();
    expect(user).toMatchObject({
      name: 'Mariana Lopes',
      email: form.email.toLowerCase(),
      entity: { id: entityA.id },
      role: { id: managerRole.id },
      status: 'ACTIVE',
      isActivated: false,
      // Left out, the access list limits the new user to their own entity.
      entitiesAccessList: [entityA.id],
    });

    const mail = await waitFor(() => t.mails.find((m) => m.to === user.email));
    const link = new RegExp(`http://mip\\.test/auth/activate/${user.id}/([A-Za-z0-9_-]+)`).exec(mail.text);
    expect(link).not.toBeNull();
    const check = await t.app.inject({ url: `/api/auth/activate/${user.id}/${link?.[1]}` });
    expect(check.json()).toEqual({ valid: true, email: user.email, name: 'Mariana Lopes' });

    const [audit] = (await findAuditRows(t.db, 'CREATE', 'user')).filter((row) => row.record_id === String(user.id));
    expect(audit).toMatchObject({ user_id: manager.user.id, impersonator_user_id: null, ip: expect.any(String) });
    expect(audit.after).toMatchObject({ name: 'Mariana Lopes', email: user.email, roleId: managerRole.id });
    expect(JSON.stringify(audit.after)).not.toMatch(/password/i);
  });

  it('sends no activation mail to a user created inactive', async () => {
    const response = await api.post('/users', userForm({ status: 'INACTIVE' }));
    expect(response.statusCode).toBe(200);
    const active = await api.post('/users', userForm());
    await waitFor(() => t.mails.find((m) => m.to === active.json().email));
    expect(t.mails.some((m) => m.to === response.json().email)).toBe(false);
  });

  it.each([
    ['a missing name', { name: undefined }, 'name', 'MISSING_NAME'],
    ['a blank name', { name: '   ' }, 'name', 'MISSING_NAME'],
    ['a name over 150 characters', { name: 'a'.repeat(151) }, 'name', 'INVALID_NAME'],
    ['a name without letters', { name: '12345' }, 'name', 'INVALID_NAME'],
    ['a one-letter full name', { name: ' J ' }, 'name', 'INVALID_NAME'],
    ['a missing email', { email: undefined }, 'email', 'MISSING_EMAIL'],
    ['an invalid email', { email: 'joana-at-example' }, 'email', 'INVALID_EMAIL'],
    ['a missing entity', { entityId: undefined }, 'entityId', 'MISSING_ENTITY'],
    ['a missing role', { roleId: undefined }, 'roleId', 'MISSING_ROLE'],
    ['a missing language', { language: undefined }, 'language', 'MISSING_LANGUAGE'],
    ['an unknown language', { language: 'fr-FR' }, 'language', 'INVALID_LANGUAGE'],
    ['a missing status', { status: undefined }, 'status', 'MISSING_STATUS'],
    ['an unknown status', { status: 'SUSPENDED' }, 'status', 'INVALID_STATUS'],
    ['a missing time zone', { timeZone: undefined }, 'timeZone', 'MISSING_TIMEZONE'],
    ['an unknown time zone', { timeZone: 'Europe/Atlantis' }, 'timeZone', 'INVALID_TIMEZONE'],
    [
      'a missing notifications choice',
      { receiveNotifications: undefined },
      'receiveNotifications',
      'MISSING_RECEIVE_NOTIFICATIONS',
    ],
  ])('refuses %s with %s', async (_case, overrides, property, error) => {
    const before = await countUsers();
    expectFieldError(await api.post('/users', userForm(overrides)), property, error);
    expect(await countUsers()).toBe(before);
  });

  it('refuses an email that already has an account, whatever its case', async () => {
    const existing = await createUser(t.db, { entityId: entityB.id });
    const response = await api.post('/users', userForm({ email: existing.email.toUpperCase() }));
    expectFieldError(response, 'email', 'DUPLICATE_EMAIL');
  });

  it("answers MISSING_ENTITY for an entity outside the caller's scope", async () => {
    expectFieldError(await api.post('/users', userForm({ entityId: entityB.id })), 'entityId', 'MISSING_ENTITY');
    expectFieldError(await api.post('/users', userForm({ entityId: 2_000_000 })), 'entityId', 'MISSING_ENTITY');
  });

  it('refuses a role with a permission the caller does not hold: nobody grants more than they hold', async () => {
    const stronger = await createRole(t.db, [...MANAGER, 'WRITE_ROLE']);
    expectFieldError(await api.post('/users', userForm({ roleId: stronger.id })), 'roleId', 'INVALID_ROLE');
    expectFieldError(await api.post('/users', userForm({ roleId: 2_000_000 })), 'roleId', 'INVALID_ROLE');
  });

  it("refuses a role the entity's profile does not allow, and accepts one it does", async () => {
    const allowed = await createRole(t.db, ['READ_USER']);
    const other = await createRole(t.db, ['READ_USER']);
    const profile = await createEntityProfile(t.db, undefined, [allowed.id]);
    const entity = await createEntity(t.db, { parentId: entityA.id, profileId: profile.id });
    expectFieldError(
      await api.post('/users', userForm({ entityId: entity.id, roleId: other.id })),
      'roleId',
      'INVALID_ROLE',
    );
    expect((await api.post('/users', userForm({ entityId: entity.id, roleId: allowed.id }))).statusCode).toBe(200);
  });

  it('answers every field error of a request at once', async () => {
    const existing = await createUser(t.db, { entityId: entityA.id });
    const stronger = await createRole(t.db, [...PERMISSIONS]);
    const response = await api.post(
      '/users',
      userForm({ email: existing.email, entityId: entityB.id, roleId: stronger.id }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { property: 'entityId', error: 'MISSING_ENTITY' },
        { property: 'roleId', error: 'INVALID_ROLE' },
        { property: 'email', error: 'DUPLICATE_EMAIL' },
      ]),
    );
    const shape = await api.post('/users', { ...userForm(), name: '', email: 'nope', status: undefined });
    expect(shape.json().errors).toEqual(
      expect.arrayContaining([
        { property: 'name', error: 'MISSING_NAME' },
        { property: 'email', error: 'INVALID_EMAIL' },
        { property: 'status', error: 'MISSING_STATUS' },
      ]),
    );
  });

  it('refuses an access list naming an entity outside the scope, or an empty one (no limit) from a limited caller', async () => {
    expectFieldError(
      await api.post('/users', userForm({ entitiesAccessList: [entityA1.id, entityB.id] })),
      'entitiesAccessList',
      'INVALID_ENTITY',
    );
    expectFieldError(
      await api.post('/users', userForm({ entitiesAccessList: [] })),
      'entitiesAccessList',
      'INVALID_ENTITY',
    );
    const limited = await api.post('/users', userForm({ entitiesAccessList: [entityA1.id] }));
    expect(limited.json().entitiesAccessList).toEqual([entityA1.id]);
  });

  it('lets an unlimited caller create an unlimited user', async () => {
    const admin = await signInNewUser(t, { permissions: MANAGER });
    const response = await callerOf(t, admin.authorization).post('/users', userForm({ entitiesAccessList: [] }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().entitiesAccessList).toEqual([]);
  });

  it('needs WRITE_USER', async () => {
    const reader = await signInNewUser(t, { permissions: ['READ_USER'], entityId: entityA.id });
    expectError(await callerOf(t, reader.authorization).post('/users', userForm()), 403, 'FORBIDDEN');
    expectError(await t.app.inject({ method: 'POST', url: '/api/users', payload: userForm() }), 401, 'UNAUTHORIZED');
  });
});

describe('PUT /api/users/{id}', () => {
  it('changes the user and audits only what changed', async () => {
    const user = await createUser(t.db, {
      entityId: entityA.id,
      roleId: managerRole.id,
      name: 'Carla Antunes',
      entitiesAccessList: [entityA.id],
    });
    const form = userForm({ name: 'Carla Antunes Matos', email: user.email, language: 'en-US' });
    const response = await api.put(`/users/${user.id}`, form);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Carla Antunes Matos', language: 'en-US', email: user.email });
    const [audit] = (await findAuditRows(t.db, 'UPDATE', 'user')).filter((row) => row.record_id === String(user.id));
    expect(audit.before).toEqual({ name: 'Carla Antunes', language: 'pt-PT' });
    expect(audit.after).toEqual({ name: 'Carla Antunes Matos', language: 'en-US' });
  });

  it('keeps the access list when the form leaves it out, and moves it along when it was just the old entity', async () => {
    const user = await createUser(t.db, {
      entityId: entityA.id,
      roleId: managerRole.id,
      entitiesAccessList: [entityA1.id],
    });
    const kept = await api.put(`/users/${user.id}`, userForm({ email: user.email, entityId: entityA1.id }));
    expect(kept.json().entitiesAccessList).toEqual([entityA1.id]);
    const moved = await api.put(`/users/${user.id}`, userForm({ email: user.email, entityId: entityA.id }));
    expect(moved.json().entitiesAccessList).toEqual([entityA.id]);
  });

  it('signs a deactivated user out everywhere at once', async () => {
    const user = await createUser(t.db, {
      entityId: entityA.id,
      roleId: managerRole.id,
      entitiesAccessList: [entityA.id],
    });
    const { authorization } = await signIn(t.app, user.email);
    const session = () => t.app.inject({ url: '/api/auth/session', headers: { authorization } });
    expect((await session()).statusCode).toBe(200);
    const response = await api.put(`/users/${user.id}`, userForm({ email: user.email, status: 'INACTIVE' }));
    expect(response.json().status).toBe('INACTIVE');
    expect((await session()).statusCode).toBe(401);
    const { rows } = await t.db.$client.query('select ended_at from sessions where user_id = $1', [user.id]);
    expect(rows.every((row) => row.ended_at !== null)).toBe(true);
  });

  it('refuses to deactivate oneself', async () => {
    const response = await api.put(
      `/users/${manager.user.id}`,
      userForm({ email: manager.user.email, status: 'INACTIVE' }),
    );
    expectFieldError(response, 'status', 'INVALID_STATUS');
  });

  it("refuses the email of another user but keeps one's own", async () => {
    const user = await createUser(t.db, {
      entityId: entityA.id,
      roleId: managerRole.id,
      entitiesAccessList: [entityA.id],
    });
    const other = await createUser(t.db, { entityId: entityA.id });
    expectFieldError(await api.put(`/users/${user.id}`, userForm({ email: other.email })), 'email', 'DUPLICATE_EMAIL');
    expect((await api.put(`/users/${user.id}`, userForm({ email: user.email }))).statusCode).toBe(200);
  });

  it('answers 404 for a user outside the scope and changes nothing', async () => {
    const outsider = await createUser(t.db, { entityId: entityB.id, name: 'Intocável' });
    expectError(await api.put(`/users/${outsider.id}`, userForm({ email: outsider.email })), 404, 'NOT_FOUND');
    const { rows } = await t.db.$client.query('select name from users where id = $1', [outsider.id]);
    expect(rows[0].name).toBe('Intocável');
  });

  it('refuses to change a user who holds permissions the caller lacks', async () => {
    const admin = await createUser(t.db, { entityId: entityA.id, permissions: [...PERMISSIONS] });
    expectError(await api.put(`/users/${admin.id}`, userForm({ email: admin.email })), 403, 'FORBIDDEN');
  });

  it('refuses to change a user who sees more entities than the caller (their email would open their account)', async () => {
    const unlimited = await createUser(t.db, { entityId: entityA.id, roleId: managerRole.id, entitiesAccessList: [] });
    const response = await api.put(`/users/${unlimited.id}`, userForm({ email: `taken-over-${unique()}@x.example` }));
    expectError(response, 403, 'FORBIDDEN');
  });
});

describe('DELETE /api/users/{id}', () => {
  it('deletes the user, answers success and audits what was deleted', async () => {
    const user = await createUser(t.db, {
      entityId: entityA1.id,
      name: 'Paulo Apagado',
      entitiesAccessList: [entityA1.id],
    });
    const response = await api.delete(`/users/${user.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expectError(await api.get(`/users/${user.id}`), 404, 'NOT_FOUND');
    const [audit] = (await findAuditRows(t.db, 'DELETE', 'user')).filter((row) => row.record_id === String(user.id));
    expect(audit).toMatchObject({ user_id: manager.user.id, before: { name: 'Paulo Apagado', email: user.email } });
  });

  it('refuses to delete oneself with DELETE_FAILED and a message', async () => {
    const response = await api.delete(`/users/${manager.user.id}`);
    expectError(response, 409, 'DELETE_FAILED');
    expect(response.json().message).toMatch(/own account/);
  });

  it('refuses with USER_IS_REPORT_AGENT while an event category names them as its agent', async () => {
    const agent = await createUser(t.db, {
      entityId: entityA1.id,
      name: 'Agente Ocupado',
      entitiesAccessList: [entityA1.id],
    });
    const category = await createEventCategory(t.db, { reportAgentUserId: agent.id });
    const response = await api.delete(`/users/${agent.id}`);
    expectError(response, 409, 'DELETE_FAILED');
    expect(response.json().blocked).toEqual({ reason: 'USER_IS_REPORT_AGENT', name: 'Agente Ocupado' });
    expect(response.json().message).toContain(category.name);
    await t.db.$client.query('update event_categories set report_agent_user_id = null where id = $1', [category.id]);
    expect((await api.delete(`/users/${agent.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for a user outside the scope and keeps them', async () => {
    const outsider = await createUser(t.db, { entityId: entityB.id });
    expectError(await api.delete(`/users/${outsider.id}`), 404, 'NOT_FOUND');
    expect((await apiB.get(`/users/${outsider.id}`)).statusCode).toBe(200);
  });
});
