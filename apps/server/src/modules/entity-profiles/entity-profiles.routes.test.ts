import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { createEntity, createEntityProfile, createRole, createUser, signInNewUser } from '../../../test/factories.ts';
import { callerOf, limitedCallerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();
const unique = () => randomBytes(4).toString('hex');

let api: TCaller;
let caller: { user: { id: number }; authorization: string };

beforeAll(async () => {
  caller = await signInNewUser(t, { permissions: ['WRITE_ENTITY_PROFILE'] });
  api = callerOf(t, caller.authorization);
});

describe('GET /api/entity-profiles/search', () => {
  it("answers the spec's paged list by name, with each profile's roles and entities", async () => {
    const tag = unique();
    const [operator, viewer] = [await createRole(t.db), await createRole(t.db)];
    const municipality = await createEntityProfile(t.db, `Município ${tag}`, [viewer.id, operator.id]);
    const police = await createEntityProfile(t.db, `Polícia ${tag}`);
    await createEntity(t.db, { profileId: police.id });
    const response = await api.get('/entity-profiles/search', { universalSearch: `policia ${tag}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ totalItems: 1, sortBy: 'name', sortOrder: 'ASC', currentPage: 0 });
    expect(response.json().content).toEqual([
      { id: police.id, name: `Polícia ${tag}`, description: '', roles: [], entitiesCount: 1 },
    ]);
    const both = await api.get('/entity-profiles/search', { universalSearch: tag });
    expect(both.json().content.map((p: { id: number }) => p.id)).toEqual([municipality.id, police.id]);
    expect(
      both
        .json()
        .content[0].roles.map((r: { id: number }) => r.id)
        .sort(),
    ).toEqual([operator.id, viewer.id].sort());
    const byEntities = await api.get('/entity-profiles/search', {
      universalSearch: tag,
      sortProperty: 'entitiesCount',
      sortDirection: 'DESC',
    });
    expect(byEntities.json().content.map((p: { id: number }) => p.id)).toEqual([police.id, municipality.id]);
    const byId = await api.get('/entity-profiles/search', { ids: String(municipality.id) });
    expect(byId.json().content.map((p: { id: number }) => p.id)).toEqual([municipality.id]);
  });

  it('needs READ_ENTITY, WRITE_ENTITY or WRITE_ENTITY_PROFILE', async () => {
    const entityReader = await signInNewUser(t, { permissions: ['READ_ENTITY'] });
    expect((await callerOf(t, entityReader.authorization).get('/entity-profiles/search')).statusCode).toBe(200);
    const other = await signInNewUser(t, { permissions: ['READ_USER'] });
    expectError(await callerOf(t, other.authorization).get('/entity-profiles/search'), 403, 'FORBIDDEN');
  });
});

describe('GET /api/entity-profiles/{id}', () => {
  it('answers the profile, or 404', async () => {
    const profile = await createEntityProfile(t.db);
    expect((await api.get(`/entity-profiles/${profile.id}`)).json()).toMatchObject({ id: profile.id, roles: [] });
    expectError(await api.get('/entity-profiles/2147483647'), 404, 'NOT_FOUND');
  });
});

describe('POST /api/entity-profiles', () => {
  it('creates the profile with its roles and audits it', async () => {
    const role = await createRole(t.db);
    const name = `Operador ${unique()}`;
    const response = await api.post('/entity-profiles', { name, description: 'Transportes', roleIds: [role.id] });
    expect(response.statusCode, response.body).toBe(200);
    const profile = response.json();
    expect(profile).toEqual({
      id: expect.any(Number),
      name,
      description: 'Transportes',
      roles: [{ id: role.id, name: role.name }],
      entitiesCount: 0,
    });
    const [audit] = (await findAuditRows(t.db, 'CREATE', 'entity_profile')).filter(
      (row) => row.record_id === String(profile.id),
    );
    expect(audit).toMatchObject({ user_id: caller.user.id, after: { name, roleIds: [role.id] } });
  });

  it.each([
    ['a missing name', {}, 'name', 'MISSING_NAME'],
    ['a name over 100 characters', { name: 'p'.repeat(101) }, 'name', 'INVALID_NAME'],
    ['an unknown role', { name: 'Perfil', roleIds: [2_000_000] }, 'roleIds', 'INVALID_ROLE'],
    ['roles that are not a list', { name: 'Perfil', roleIds: 'todos' }, 'roleIds', 'INVALID_ROLE'],
  ])('refuses %s', async (_case, payload, property, error) => {
    expectFieldError(await api.post('/entity-profiles', payload), property, error);
  });

  it('refuses a name another profile has, whatever its case', async () => {
    const profile = await createEntityProfile(t.db);
    expectFieldError(
      await api.post('/entity-profiles', { name: profile.name.toLowerCase() }),
      'name',
      'DUPLICATE_NAME',
    );
  });

  it('needs WRITE_ENTITY_PROFILE', async () => {
    const entityWriter = await signInNewUser(t, { permissions: ['WRITE_ENTITY'] });
    const response = await callerOf(t, entityWriter.authorization).post('/entity-profiles', { name: 'Perfil' });
    expectError(response, 403, 'FORBIDDEN');
  });
});

describe('PUT /api/entity-profiles/{id}', () => {
  it('changes the profile and its roles, and audits the difference', async () => {
    const [kept, dropped, added] = [await createRole(t.db), await createRole(t.db), await createRole(t.db)];
    const profile = await createEntityProfile(t.db, `Antigo ${unique()}`, [kept.id, dropped.id]);
    const response = await api.put(`/entity-profiles/${profile.id}`, {
      name: profile.name,
      roleIds: [kept.id, added.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      response
        .json()
        .roles.map((r: { id: number }) => r.id)
        .sort(),
    ).toEqual([kept.id, added.id].sort());
    const [audit] = (await findAuditRows(t.db, 'UPDATE', 'entity_profile')).filter(
      (row) => row.record_id === String(profile.id),
    );
    expect(audit.before).toEqual({ roleIds: [kept.id, dropped.id].sort((a, b) => a - b) });
    expect(audit.after).toEqual({ roleIds: [kept.id, added.id].sort((a, b) => a - b) });
  });

  it("refuses to take away a role that users of the profile's entities hold", async () => {
    const role = await createRole(t.db);
    const profile = await createEntityProfile(t.db, undefined, [role.id]);
    const entity = await createEntity(t.db, { profileId: profile.id });
    await createUser(t.db, { entityId: entity.id, roleId: role.id });
    const response = await api.put(`/entity-profiles/${profile.id}`, { name: profile.name, roleIds: [] });
    expectFieldError(response, 'roleIds', 'INVALID_ROLE');
  });

  it('answers 404 for an unknown profile', async () => {
    expectError(await api.put('/entity-profiles/2147483647', { name: 'Nada' }), 404, 'NOT_FOUND');
  });
});

describe('DELETE /api/entity-profiles/{id}', () => {
  it('deletes a profile no entity uses and audits it', async () => {
    const profile = await createEntityProfile(t.db);
    expect((await api.delete(`/entity-profiles/${profile.id}`)).json()).toEqual({ success: true });
    expectError(await api.get(`/entity-profiles/${profile.id}`), 404, 'NOT_FOUND');
    const rows = (await findAuditRows(t.db, 'DELETE', 'entity_profile')).filter(
      (row) => row.record_id === String(profile.id),
    );
    expect(rows).toHaveLength(1);
  });

  it('refuses with DELETE_FAILED while entities use it', async () => {
    const profile = await createEntityProfile(t.db);
    await createEntity(t.db, { profileId: profile.id });
    const response = await api.delete(`/entity-profiles/${profile.id}`);
    expectError(response, 409, 'DELETE_FAILED');
    expect(response.json().message).toMatch(/used by 1 entit/);
  });
});

describe('nobody grants more than they hold, nor changes a profile outside their scope', () => {
  let limited: TCaller;
  let department: { id: number };
  let held: { id: number };
  let admin: { id: number };

  beforeAll(async () => {
    department = await createEntity(t.db);
    limited = await limitedCallerOf(t, department.id, ['WRITE_ENTITY_PROFILE', 'READ_DASHBOARD']);
    held = await createRole(t.db, ['READ_DASHBOARD']);
    admin = await createRole(t.db, ['WRITE_ENTITY_PROFILE', 'READ_DASHBOARD', 'WRITE_ROLE']);
  });

  it('refuses to add, on create or update, a role holding permissions the caller lacks (INVALID_ROLE)', async () => {
    expectFieldError(
      await limited.post('/entity-profiles', { name: `Perfil ${unique()}`, roleIds: [held.id, admin.id] }),
      'roleIds',
      'INVALID_ROLE',
    );
    const profile = await createEntityProfile(t.db, undefined, [held.id]);
    await createEntity(t.db, { parentId: department.id, profileId: profile.id });
    const response = await limited.put(`/entity-profiles/${profile.id}`, {
      name: profile.name,
      roleIds: [held.id, admin.id],
    });
    expectFieldError(response, 'roleIds', 'INVALID_ROLE');
    expect((await limited.get(`/entity-profiles/${profile.id}`)).json().roles).toEqual([
      { id: held.id, name: expect.any(String) },
    ]);
    const granted = await limited.post('/entity-profiles', { name: `Perfil ${unique()}`, roleIds: [held.id] });
    expect(granted.statusCode, granted.body).toBe(200);
  });

  it('keeps, but neither adds nor takes away, a role the caller could not grant', async () => {
    const profile = await createEntityProfile(t.db, undefined, [admin.id]);
    await createEntity(t.db, { profileId: profile.id, parentId: department.id });
    const renamed = await limited.put(`/entity-profiles/${profile.id}`, {
      name: `Renomeado ${unique()}`,
      roleIds: [admin.id, held.id],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const removed = await limited.put(`/entity-profiles/${profile.id}`, { name: profile.name, roleIds: [held.id] });
    expectFieldError(removed, 'roleIds', 'INVALID_ROLE');
  });

  it('answers 404 to a change of a profile used by an entity outside their scope', async () => {
    const profile = await createEntityProfile(t.db, undefined, [held.id]);
    await createEntity(t.db, { parentId: department.id, profileId: profile.id });
    await createEntity(t.db, { profileId: profile.id });
    expectError(
      await limited.put(`/entity-profiles/${profile.id}`, { name: 'hijacked', roleIds: [] }),
      404,
      'NOT_FOUND',
    );
    expectError(await limited.delete(`/entity-profiles/${profile.id}`), 404, 'NOT_FOUND');
    expect((await limited.get(`/entity-profiles/${profile.id}`)).json()).toMatchObject({ name: profile.name });
  });

  it('changes and deletes a profile that only entities inside their scope use, or none', async () => {
    const used = await createEntityProfile(t.db);
    await createEntity(t.db, { parentId: department.id, profileId: used.id });
    const updated = await limited.put(`/entity-profiles/${used.id}`, { name: used.name, roleIds: [held.id] });
    expect(updated.statusCode, updated.body).toBe(200);
    const unused = await createEntityProfile(t.db);
    expect((await limited.delete(`/entity-profiles/${unused.id}`)).statusCode).toBe(200);
  });
});
