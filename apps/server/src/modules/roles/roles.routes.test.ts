import { randomBytes } from 'node:crypto';
import { PERMISSIONS, type TPermission } from '@mip/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { createEntity, createEntityProfile, createRole, createUser, signInNewUser } from '../../../test/factories.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();

const ROLE_ADMIN: TPermission[] = ['READ_ROLE', 'WRITE_ROLE', 'READ_USER', 'WRITE_USER'];
const unique = () => randomBytes(4).toString('hex');

let api: TCaller;
let caller: { user: { id: number; entityId: number }; authorization: string };

beforeAll(async () => {
  const entity = await createEntity(t.db);
  caller = await signInNewUser(t, { entityId: entity.id, permissions: ROLE_ADMIN, entitiesAccessList: [entity.id] });
  api = callerOf(t, caller.authorization);
});

async function insertRole(name: string, permissions: TPermission[] = []) {
  const { rows } = await t.db.$client.query<{ id: number }>(
    'insert into roles (name, permissions) values ($1, $2) returning id',
    [name, permissions],
  );
  return rows[0];
}

const names = (response: { json: () => { content: { name: string }[] } }) =>
  response.json().content.map((role) => role.name);

describe('GET /api/roles/search', () => {
  it("answers the spec's paged list by name, with each role's permissions and users", async () => {
    const tag = unique();
    const second = await insertRole(`Ëquipa ${tag} B`, ['READ_USER']);
    await insertRole(`Equipa ${tag} A`);
    await createUser(t.db, { roleId: second.id });
    const response = await api.get('/roles/search', { universalSearch: `equipa ${tag}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      totalItems: 2,
      currentPage: 0,
      itemsPerPage: 50,
      sortBy: 'name',
      sortOrder: 'ASC',
    });
    expect(response.json().content).toEqual([
      { id: expect.any(Number), name: `Equipa ${tag} A`, description: '', permissions: [], usersCount: 0 },
      { id: second.id, name: `Ëquipa ${tag} B`, description: '', permissions: ['READ_USER'], usersCount: 1 },
    ]);
    const byUsers = await api.get('/roles/search', {
      universalSearch: tag,
      sortProperty: 'usersCount',
      sortDirection: 'DESC',
    });
    expect(names(byUsers)).toEqual([`Ëquipa ${tag} B`, `Equipa ${tag} A`]);
    expect(names(await api.get('/roles/search', { ids: String(second.id) }))).toEqual([`Ëquipa ${tag} B`]);
  });

  it('with excludeUnavailableForUser offers only the roles the caller may grant (the entity-profile form)', async () => {
    const tag = unique();
    await insertRole(`Equipa ${tag} A`, ['READ_ROLE']);
    await insertRole(`Equipa ${tag} B`, ['READ_ROLE', 'IMPERSONATE_USER']);
    expect(names(await api.get('/roles/search', { universalSearch: tag }))).toHaveLength(2);
    const offered = await api.get('/roles/search', { universalSearch: tag, excludeUnavailableForUser: 'true' });
    expect(names(offered)).toEqual([`Equipa ${tag} A`]);
  });

  it('needs READ_ROLE, WRITE_ROLE, or WRITE_ENTITY_PROFILE (whose form picks roles from it)', async () => {
    const reader = await signInNewUser(t, { permissions: ['READ_ROLE'] });
    expect((await callerOf(t, reader.authorization).get('/roles/search')).statusCode).toBe(200);
    const profileEditor = await signInNewUser(t, { permissions: ['WRITE_ENTITY_PROFILE'] });
    expect((await callerOf(t, profileEditor.authorization).get('/roles/search')).statusCode).toBe(200);
    const other = await signInNewUser(t, { permissions: ['READ_ENTITY'] });
    expectError(await callerOf(t, other.authorization).get('/roles/search'), 403, 'FORBIDDEN');
  });
});

describe('GET /api/roles/search-for-user', () => {
  it("offers only the roles the entity's profile allows, or every role for an entity without a profile", async () => {
    const tag = unique();
    const allowed = await insertRole(`Permitido ${tag}`);
    await insertRole(`Não permitido ${tag}`);
    const profile = await createEntityProfile(t.db, undefined, [allowed.id]);
    const withProfile = await createEntity(t.db, { parentId: caller.user.entityId, profileId: profile.id });
    const withoutProfile = await createEntity(t.db, { parentId: caller.user.entityId });
    const forProfile = await api.get('/roles/search-for-user', {
      userEntityId: String(withProfile.id),
      universalSearch: tag,
    });
    expect(forProfile.statusCode, forProfile.body).toBe(200);
    expect(names(forProfile)).toEqual([`Permitido ${tag}`]);
    const forAny = await api.get('/roles/search-for-user', {
      userEntityId: String(withoutProfile.id),
      universalSearch: tag,
      userTypes: 'NORMAL',
    });
    expect(names(forAny)).toEqual([`Não permitido ${tag}`, `Permitido ${tag}`]);
  });

  it('leaves out roles holding more than the caller with excludeUnavailableForUser', async () => {
    const tag = unique();
    await insertRole(`Menor ${tag}`, ['READ_USER']);
    await insertRole(`Maior ${tag}`, ['READ_USER', 'WRITE_CONFIGURATION']);
    const all = await api.get('/roles/search-for-user', { universalSearch: tag });
    expect(names(all)).toEqual([`Maior ${tag}`, `Menor ${tag}`]);
    const grantable = await api.get('/roles/search-for-user', {
      universalSearch: tag,
      excludeUnavailableForUser: 'true',
    });
    expect(names(grantable)).toEqual([`Menor ${tag}`]);
  });

  it('offers nothing for an entity outside the scope', async () => {
    const outsider = await createEntity(t.db);
    const response = await api.get('/roles/search-for-user', { userEntityId: String(outsider.id) });
    expect(response.json()).toMatchObject({ totalItems: 0, content: [] });
  });

  it('needs READ_USER or WRITE_USER', async () => {
    const roleReader = await signInNewUser(t, { permissions: ['READ_ROLE'] });
    expectError(await callerOf(t, roleReader.authorization).get('/roles/search-for-user'), 403, 'FORBIDDEN');
  });
});

describe('GET /api/roles/{id}', () => {
  it('answers the role, or 404', async () => {
    const role = await insertRole(`Leitura ${unique()}`, ['READ_DASHBOARD']);
    expect((await api.get(`/roles/${role.id}`)).json()).toMatchObject({ id: role.id, permissions: ['READ_DASHBOARD'] });
    expectError(await api.get('/roles/2147483647'), 404, 'NOT_FOUND');
  });
});

describe('POST /api/roles', () => {
  it('creates the role and audits it', async () => {
    const name = `Gestor de Utilizadores ${unique()}`;
    const response = await api.post('/roles', {
      name,
      description: 'Trata das contas',
      permissions: ['READ_USER', 'WRITE_USER', 'READ_USER'],
    });
    expect(response.statusCode, response.body).toBe(200);
    const role = response.json();
    expect(role).toEqual({
      id: expect.any(Number),
      name,
      description: 'Trata das contas',
      permissions: ['READ_USER', 'WRITE_USER'],
      usersCount: 0,
    });
    const [audit] = (await findAuditRows(t.db, 'CREATE', 'role')).filter((r) => r.record_id === String(role.id));
    expect(audit).toMatchObject({ user_id: caller.user.id, after: { name, permissions: ['READ_USER', 'WRITE_USER'] } });
  });

  it.each([
    ['a missing name', { permissions: [] }, 'name', 'MISSING_NAME'],
    ['a blank name', { name: '  ' }, 'name', 'MISSING_NAME'],
    ['a name over 100 characters', { name: 'r'.repeat(101) }, 'name', 'INVALID_NAME'],
    ['an unknown permission', { name: 'Novo', permissions: ['DROP_DATABASE'] }, 'permissions[0]', 'INVALID_PERMISSION'],
  ])('refuses %s', async (_case, payload, property, error) => {
    expectFieldError(await api.post('/roles', payload), property, error);
  });

  it('refuses a permission the caller does not hold: nobody grants more than they hold', async () => {
    const response = await api.post('/roles', {
      name: `Excesso ${unique()}`,
      permissions: ['READ_USER', 'READ_AUDIT_LOG'],
    });
    expectFieldError(response, 'permissions', 'INVALID_PERMISSION');
  });

  it('refuses a name another role has, whatever its case', async () => {
    const name = `Fiscal ${unique()}`;
    await insertRole(name);
    expectFieldError(await api.post('/roles', { name: name.toUpperCase() }), 'name', 'DUPLICATE_NAME');
  });

  it('needs WRITE_ROLE', async () => {
    const reader = await signInNewUser(t, { permissions: ['READ_ROLE'] });
    expectError(await callerOf(t, reader.authorization).post('/roles', { name: 'Novo' }), 403, 'FORBIDDEN');
  });
});

describe('PUT /api/roles/{id}', () => {
  it('changes the role and audits only what changed', async () => {
    const role = await insertRole(`Consulta ${unique()}`, ['READ_USER']);
    const response = await api.put(`/roles/${role.id}`, {
      name: 'Consulta alargada',
      permissions: ['READ_USER', 'READ_ROLE'],
    });
    expect(response.statusCode, response.body).toBe(200);
    const [audit] = (await findAuditRows(t.db, 'UPDATE', 'role')).filter((r) => r.record_id === String(role.id));
    expect(audit.before).toMatchObject({ permissions: ['READ_USER'] });
    expect(audit.after).toMatchObject({ name: 'Consulta alargada', permissions: ['READ_USER', 'READ_ROLE'] });
    expect(audit.after).not.toHaveProperty('description');
  });

  it('refuses to touch a role that holds more than the caller', async () => {
    const admin = await insertRole(`Administração ${unique()}`, [...PERMISSIONS]);
    expectError(await api.put(`/roles/${admin.id}`, { name: 'Despromovido', permissions: [] }), 403, 'FORBIDDEN');
    expectError(await api.delete(`/roles/${admin.id}`), 403, 'FORBIDDEN');
    expect((await api.get(`/roles/${admin.id}`)).json().permissions).toHaveLength(PERMISSIONS.length);
  });

  it('answers 404 for an unknown role', async () => {
    expectError(await api.put('/roles/2147483647', { name: 'Nada' }), 404, 'NOT_FOUND');
  });
});

describe('DELETE /api/roles/{id}', () => {
  it('deletes a role nobody holds and audits it', async () => {
    const role = await insertRole(`Temporário ${unique()}`, ['READ_USER']);
    const response = await api.delete(`/roles/${role.id}`);
    expect(response.json()).toEqual({ success: true });
    expectError(await api.get(`/roles/${role.id}`), 404, 'NOT_FOUND');
    const [audit] = (await findAuditRows(t.db, 'DELETE', 'role')).filter((r) => r.record_id === String(role.id));
    expect(audit.before).toMatchObject({ permissions: ['READ_USER'] });
  });

  it('refuses with DELETE_FAILED while users hold it', async () => {
    const role = await createRole(t.db, ['READ_USER']);
    await createUser(t.db, { roleId: role.id });
    const response = await api.delete(`/roles/${role.id}`);
    expectError(response, 409, 'DELETE_FAILED');
    expect(response.json().message).toMatch(/held by 1 user/);
    expect(response.json().blocked).toEqual({ reason: 'ROLE_HELD_BY_USERS', name: role.name, count: 1 });
  });
});
