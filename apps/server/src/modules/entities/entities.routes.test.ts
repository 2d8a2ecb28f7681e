import { randomInt } from 'node:crypto';
import { nifCheckDigit, type TPermission } from '@mip/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { createEventCategory, createEventRow } from '../../../test/event-factories.ts';
import { createEntity, createEntityProfile, createRole, createUser, signInNewUser } from '../../../test/factories.ts';
import { createMobilityGroup } from '../../../test/mobility-factories.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();

/** A valid NIPC nobody else in the test uses. */
function freshNif(): string {
  const firstEight = `5${String(randomInt(1_000_000, 9_999_999))}`;
  return `${firstEight}${nifCheckDigit(firstEight)}`;
}

const EDITOR: TPermission[] = ['READ_ENTITY', 'WRITE_ENTITY'];

/**
 * Top → A → A1 → A11 (and A12 beside A11), and B, a root of its own. The
 * editor works at A, limited to A's tree: Top and B are outside their scope.
 */
let top: { id: number; name: string };
let entityA: { id: number; name: string };
let entityA1: { id: number };
let entityA11: { id: number };
let entityA12: { id: number };
let entityB: { id: number; name: string };
let profile: { id: number; name: string };
let editor: { user: { id: number }; authorization: string };
let api: TCaller;
let admin: TCaller;

const ids = (response: { json: () => { content: { id: number }[] } }) =>
  response
    .json()
    .content.map((item) => item.id)
    .sort((a, b) => a - b);
const sorted = (...values: number[]) => [...values].sort((a, b) => a - b);

beforeAll(async () => {
  profile = await createEntityProfile(t.db);
  top = await createEntity(t.db, { name: 'Área Metropolitana Confidencial' });
  entityA = await createEntity(t.db, {
    name: 'Câmara Municipal de São João da Madeira',
    parentId: top.id,
    profileId: profile.id,
  });
  entityA1 = await createEntity(t.db, { name: 'Departamento de Mobilidade', parentId: entityA.id });
  entityA11 = await createEntity(t.db, { name: 'Divisão de Trânsito', parentId: entityA1.id });
  entityA12 = await createEntity(t.db, { name: 'Divisão de Estacionamento', parentId: entityA1.id });
  entityB = await createEntity(t.db, { name: 'Junta de Freguesia Alheia' });
  editor = await signInNewUser(t, { entityId: entityA.id, permissions: EDITOR, entitiesAccessList: [entityA.id] });
  api = callerOf(t, editor.authorization);
  const unlimited = await signInNewUser(t, { entityId: top.id, permissions: EDITOR });
  admin = callerOf(t, unlimited.authorization);
});

function entityForm(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Divisão de Transportes Públicos',
    vatNumber: freshNif(),
    profileId: profile.id,
    parentId: entityA1.id,
    email: 'Transportes@CM-Exemplo.example',
    phone: '+351 256 200 200',
    address: 'Praça Luís Ribeiro',
    postalCode: '3700-158',
    districtId: '13',
    countyId: '1312',
    parishId: '131202',
    active: true,
    ...overrides,
  };
}

describe('GET /api/entities/search', () => {
  it("answers the spec's paged list of the caller's scope, by name, with each item's parent and profile", async () => {
    const response = await api.get('/entities/search');
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({
      totalItems: 4,
      totalPages: 1,
      currentPage: 0,
      itemsPerPage: 50,
      sortBy: 'name',
      sortOrder: 'ASC',
    });
    expect(page.content.map((e: { name: string }) => e.name)).toEqual([
      'Câmara Municipal de São João da Madeira',
      'Departamento de Mobilidade',
      'Divisão de Estacionamento',
      'Divisão de Trânsito',
    ]);
    const a = page.content.find((e: { id: number }) => e.id === entityA.id);
    // A's parent lies outside the scope: not even its name is shown.
    expect(a).toEqual({
      id: entityA.id,
      name: entityA.name,
      vatNumber: null,
      parent: null,
      profile: { id: profile.id, name: profile.name },
      active: true,
      childrenCount: 1,
    });
    const a1 = page.content.find((e: { id: number }) => e.id === entityA1.id);
    expect(a1).toMatchObject({ parent: { id: entityA.id, name: entityA.name }, childrenCount: 2 });
    expect(response.body).not.toContain(top.name);
    expect(response.body).not.toContain(entityB.name);
  });

  it('finds names whatever their accents and case ("sao joao" finds "São João"), and by part of the NIF', async () => {
    const nif = freshNif();
    const byNif = await createEntity(t.db, { name: 'Serviços Técnicos', parentId: entityA.id, vatNumber: nif });
    expect(ids(await api.get('/entities/search', { universalSearch: 'sao joao' }))).toEqual([entityA.id]);
    expect(ids(await api.get('/entities/search', { universalSearch: 'DIVISAO transito' }))).toEqual([entityA11.id]);
    expect(ids(await api.get('/entities/search', { universalSearch: nif.slice(2, 7) }))).toEqual([byNif.id]);
    expect((await api.get('/entities/search', { universalSearch: 'Alheia' })).json().totalItems).toBe(0);
  });

  it('lists only the tops of the scope with onlyRootEntities', async () => {
    expect(ids(await api.get('/entities/search', { onlyRootEntities: 'true' }))).toEqual([entityA.id]);
    const fromAdmin = ids(await admin.get('/entities/search', { onlyRootEntities: 'true', itemsPerPage: '500' }));
    expect(fromAdmin).toEqual(expect.arrayContaining([top.id, entityB.id]));
    expect(fromAdmin).not.toContain(entityA.id);
  });

  it('widens ids to their parents and siblings with includeSiblingsAndParents, within the scope', async () => {
    expect(ids(await api.get('/entities/search', { ids: String(entityA11.id) }))).toEqual([entityA11.id]);
    const widened = await api.get('/entities/search', { ids: String(entityA11.id), includeSiblingsAndParents: 'true' });
    expect(ids(widened)).toEqual(sorted(entityA.id, entityA1.id, entityA11.id, entityA12.id));
    const fromAdmin = await admin.get('/entities/search', {
      ids: String(entityA11.id),
      includeSiblingsAndParents: 'true',
    });
    expect(ids(fromAdmin)).toEqual(sorted(top.id, entityA.id, entityA1.id, entityA11.id, entityA12.id));
  });

  it('filters by several ids, by profile, by parent and by the active flag', async () => {
    const list = `${entityA1.id},${entityB.id},${entityA12.id}`;
    expect(ids(await api.get('/entities/search', { ids: list }))).toEqual(sorted(entityA1.id, entityA12.id));
    expect(ids(await api.get('/entities/search', { profileIds: String(profile.id) }))).toEqual([entityA.id]);
    expect(ids(await api.get('/entities/search', { parentId: String(entityA1.id) }))).toEqual(
      sorted(entityA11.id, entityA12.id),
    );
    const inactive = await createEntity(t.db, { parentId: entityA.id });
    await t.db.$client.query('update entities set active = false where id = $1', [inactive.id]);
    expect(ids(await api.get('/entities/search', { active: 'false' }))).toEqual([inactive.id]);
  });

  it('sorts by NIF with entities without one last, either way, and pages from zero', async () => {
    const parent = await createEntity(t.db, { parentId: entityA.id });
    const [low, high] = [freshNif(), freshNif()].sort();
    const withLow = await createEntity(t.db, { parentId: parent.id, vatNumber: low });
    const withHigh = await createEntity(t.db, { parentId: parent.id, vatNumber: high });
    const without = await createEntity(t.db, { parentId: parent.id });
    const order = async (sortDirection: string, currentPage = '0') =>
      (
        await api.get('/entities/search', {
          parentId: String(parent.id),
          sortProperty: 'vatNumber',
          sortDirection,
          itemsPerPage: '2',
          currentPage,
        })
      ).json();
    expect((await order('ASC')).content.map((e: { id: number }) => e.id)).toEqual([withLow.id, withHigh.id]);
    expect((await order('DESC')).content.map((e: { id: number }) => e.id)).toEqual([withHigh.id, withLow.id]);
    const second = await order('DESC', '1');
    expect(second).toMatchObject({
      totalItems: 3,
      totalPages: 2,
      currentPage: 1,
      sortBy: 'vatNumber',
      sortOrder: 'DESC',
    });
    expect(second.content.map((e: { id: number }) => e.id)).toEqual([without.id]);
  });

  it('serves the user forms too (READ_USER), and refuses callers without any of the rule', async () => {
    const userManager = await signInNewUser(t, {
      permissions: ['READ_USER'],
      entityId: entityA.id,
      entitiesAccessList: [entityA.id],
    });
    const response = await callerOf(t, userManager.authorization).get('/entities/search');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(entityB.name);
    const nobody = await signInNewUser(t, { permissions: ['READ_ROLE'] });
    expectError(await callerOf(t, nobody.authorization).get('/entities/search'), 403, 'FORBIDDEN');
    expectError(await t.app.inject({ url: '/api/entities/search' }), 401, 'UNAUTHORIZED');
  });
});

describe('GET /api/entities/{id} and /api/entities/mine', () => {
  it('answers the whole entity with its counts', async () => {
    await createUser(t.db, { entityId: entityA1.id });
    const response = await api.get(`/entities/${entityA1.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id: entityA1.id,
      name: 'Departamento de Mobilidade',
      vatNumber: null,
      profile: null,
      parent: { id: entityA.id, name: entityA.name },
      email: null,
      phone: null,
      address: null,
      postalCode: null,
      districtId: null,
      countyId: null,
      parishId: null,
      active: true,
      childrenCount: 2,
      usersCount: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('answers 404 for an entity outside the scope, as for one that does not exist', async () => {
    expectError(await api.get(`/entities/${entityB.id}`), 404, 'NOT_FOUND');
    expectError(await api.get(`/entities/${top.id}`), 404, 'NOT_FOUND');
    expectError(await api.get('/entities/2147483647'), 404, 'NOT_FOUND');
  });

  it('shows only their own entity to a holder of READ_OWN_ENTITY alone', async () => {
    const own = await signInNewUser(t, {
      permissions: ['READ_OWN_ENTITY'],
      entityId: entityA1.id,
      entitiesAccessList: [],
    });
    const caller = callerOf(t, own.authorization);
    expect((await caller.get(`/entities/${entityA1.id}`)).json()).toMatchObject({ id: entityA1.id });
    expectError(await caller.get(`/entities/${entityA11.id}`), 404, 'NOT_FOUND');
    const mine = await caller.get('/entities/mine');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: entityA1.id, name: 'Departamento de Mobilidade' });
    expectError(await api.get('/entities/mine'), 403, 'FORBIDDEN');
  });
});

describe('POST /api/entities', () => {
  it('creates the entity under a parent in scope, tidies its NIF and email, and audits it', async () => {
    const nif = freshNif();
    const form = entityForm({ vatNumber: `${nif.slice(0, 3)} ${nif.slice(3, 6)} ${nif.slice(6)}` });
    const response = await api.post('/entities', form);
    expect(response.statusCode, response.body).toBe(200);
    const entity = response.json();
    expect(entity).toMatchObject({
      name: form.name,
      vatNumber: nif,
      email: 'transportes@cm-exemplo.example',
      parent: { id: entityA1.id },
      profile: { id: profile.id },
      districtId: '13',
      countyId: '1312',
      parishId: '131202',
      childrenCount: 0,
      usersCount: 0,
    });
    const [audit] = (await findAuditRows(t.db, 'CREATE', 'entity')).filter((r) => r.record_id === String(entity.id));
    expect(audit).toMatchObject({
      user_id: editor.user.id,
      after: { name: form.name, vatNumber: nif, parentId: entityA1.id },
    });
  });

  it.each([
    ['a missing name', { name: undefined }, 'name', 'MISSING_NAME'],
    ['a name over 200 characters', { name: 'x'.repeat(201) }, 'name', 'INVALID_NAME'],
    ['a NIF with a wrong check digit', { vatNumber: '501234561' }, 'vatNumber', 'INVALID_VAT_NUMBER'],
    ['a NIF of eight digits', { vatNumber: '50123456' }, 'vatNumber', 'INVALID_VAT_NUMBER'],
    ['a missing profile', { profileId: undefined }, 'profileId', 'MISSING_PROFILE'],
    ['an unknown profile', { profileId: 2_000_000 }, 'profileId', 'INVALID_PROFILE'],
    ['an invalid email', { email: 'geral@' }, 'email', 'INVALID_EMAIL'],
    ['an invalid phone', { phone: 'ligue-me' }, 'phone', 'INVALID_PHONE'],
    ['an invalid postal code', { postalCode: '3700' }, 'postalCode', 'INVALID_POSTAL_CODE'],
    ['an unknown district', { districtId: '99', countyId: null, parishId: null }, 'districtId', 'INVALID_DISTRICT'],
    ['a county of another district', { countyId: '1106', parishId: null }, 'countyId', 'INVALID_COUNTY'],
    ['a county without its district', { districtId: null, parishId: null }, 'countyId', 'INVALID_COUNTY'],
    ['a parish of another county', { parishId: '010103' }, 'parishId', 'INVALID_PARISH'],
    ['an unknown parish', { parishId: '999999' }, 'parishId', 'INVALID_PARISH'],
  ])('refuses %s with %s', async (_case, overrides, property, error) => {
    expectFieldError(await api.post('/entities', entityForm(overrides)), property, error);
  });

  it('refuses a NIF another entity has', async () => {
    const nif = freshNif();
    await createEntity(t.db, { vatNumber: nif });
    expectFieldError(await api.post('/entities', entityForm({ vatNumber: nif })), 'vatNumber', 'DUPLICATE_VAT_NUMBER');
  });

  it('refuses a parent outside the scope, and a root entity from a limited caller', async () => {
    expectFieldError(await api.post('/entities', entityForm({ parentId: entityB.id })), 'parentId', 'INVALID_PARENT');
    expectFieldError(await api.post('/entities', entityForm({ parentId: null })), 'parentId', 'INVALID_PARENT');
    const root = await admin.post('/entities', entityForm({ parentId: null }));
    expect(root.statusCode, root.body).toBe(200);
    expect(root.json().parent).toBeNull();
  });

  it('answers every field error at once', async () => {
    const nif = freshNif();
    await createEntity(t.db, { vatNumber: nif });
    const response = await api.post(
      '/entities',
      entityForm({ vatNumber: nif, parentId: entityB.id, profileId: 2_000_000, countyId: '1106', parishId: null }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { property: 'vatNumber', error: 'DUPLICATE_VAT_NUMBER' },
        { property: 'parentId', error: 'INVALID_PARENT' },
        { property: 'profileId', error: 'INVALID_PROFILE' },
        { property: 'countyId', error: 'INVALID_COUNTY' },
      ]),
    );
  });

  it('needs WRITE_ENTITY', async () => {
    const reader = await signInNewUser(t, { permissions: ['READ_ENTITY'] });
    expectError(await callerOf(t, reader.authorization).post('/entities', entityForm()), 403, 'FORBIDDEN');
  });
});

describe('PUT /api/entities/{id}', () => {
  it('changes the entity and audits only what changed', async () => {
    const entity = (await api.post('/entities', entityForm({ name: 'Gabinete de Apoio' }))).json();
    const form = entityForm({
      name: 'Gabinete de Apoio ao Munícipe',
      vatNumber: entity.vatNumber,
      phone: '256 200 201',
    });
    const response = await api.put(`/entities/${entity.id}`, form);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Gabinete de Apoio ao Munícipe', phone: '256 200 201' });
    const [audit] = (await findAuditRows(t.db, 'UPDATE', 'entity')).filter((r) => r.record_id === String(entity.id));
    expect(audit.before).toEqual({ name: 'Gabinete de Apoio', phone: '+351 256 200 200' });
    expect(audit.after).toEqual({ name: 'Gabinete de Apoio ao Munícipe', phone: '256 200 201' });
  });

  it('refuses to move an entity under itself or one of its sub-entities', async () => {
    const form = { name: 'Departamento de Mobilidade', profileId: profile.id };
    expectFieldError(
      await api.put(`/entities/${entityA1.id}`, { ...form, parentId: entityA1.id }),
      'parentId',
      'INVALID_PARENT',
    );
    expectFieldError(
      await api.put(`/entities/${entityA1.id}`, { ...form, parentId: entityA11.id }),
      'parentId',
      'INVALID_PARENT',
    );
  });

  it('keeps a parent the caller cannot see when the form sends none', async () => {
    const response = await api.put(`/entities/${entityA.id}`, {
      name: entityA.name,
      profileId: profile.id,
      parentId: null,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { rows } = await t.db.$client.query('select parent_id from entities where id = $1', [entityA.id]);
    expect(rows[0].parent_id).toBe(top.id);
  });

  it("refuses a new profile that does not allow the roles the entity's users hold", async () => {
    const role = await createRole(t.db, []);
    const entity = await createEntity(t.db, { parentId: entityA.id, profileId: profile.id });
    await createUser(t.db, { entityId: entity.id, roleId: role.id });
    const strict = await createEntityProfile(t.db);
    const form = { name: 'Com Utilizadores', profileId: strict.id, parentId: entityA.id };
    expectFieldError(await api.put(`/entities/${entity.id}`, form), 'profileId', 'INVALID_PROFILE');
    const lenient = await createEntityProfile(t.db, undefined, [role.id]);
    expect((await api.put(`/entities/${entity.id}`, { ...form, profileId: lenient.id })).statusCode).toBe(200);
  });

  it('answers 404 for an entity outside the scope and changes nothing', async () => {
    const response = await api.put(`/entities/${entityB.id}`, {
      name: 'Tomada',
      profileId: profile.id,
      parentId: entityA.id,
    });
    expectError(response, 404, 'NOT_FOUND');
    const { rows } = await t.db.$client.query('select name from entities where id = $1', [entityB.id]);
    expect(rows[0].name).toBe(entityB.name);
  });
});

describe('DELETE /api/entities/{id}', () => {
  it('deletes an entity nobody uses and audits it', async () => {
    const entity = await createEntity(t.db, { parentId: entityA.id, name: 'Efémera' });
    const response = await api.delete(`/entities/${entity.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expectError(await api.get(`/entities/${entity.id}`), 404, 'NOT_FOUND');
    const [audit] = (await findAuditRows(t.db, 'DELETE', 'entity')).filter((r) => r.record_id === String(entity.id));
    expect(audit.before).toMatchObject({ name: 'Efémera', parentId: entityA.id });
  });

  it('refuses with DELETE_FAILED while it has sub-entities, users, or is in an access list', async () => {
    const withChild = await createEntity(t.db, { parentId: entityA.id });
    await createEntity(t.db, { parentId: withChild.id });
    const withUser = await createEntity(t.db, { parentId: entityA.id });
    await createUser(t.db, { entityId: withUser.id });
    const listed = await createEntity(t.db, { parentId: entityA.id });
    await createUser(t.db, { entityId: entityA.id, entitiesAccessList: [listed.id] });
    for (const [entity, message, reason] of [
      [withChild, /sub-entit/, 'ENTITY_HAS_CHILDREN'],
      [withUser, /user/, 'ENTITY_HAS_USERS'],
      [listed, /access list/, 'ENTITY_IN_ACCESS_LISTS'],
    ] as const) {
      const response = await api.delete(`/entities/${entity.id}`);
      expectError(response, 409, 'DELETE_FAILED');
      expect(response.json().message).toMatch(message);
      expect(response.json().blocked).toEqual({ reason, name: entity.name, count: 1 });
    }
  });

  it('refuses with ENTITY_HAS_EVENTS while events name it', async () => {
    const responsible = await createEntity(t.db, { parentId: entityA.id });
    const category = await createEventCategory(t.db);
    const event = await createEventRow(t.db, { categoryId: category.id, entityId: responsible.id });
    const response = await api.delete(`/entities/${responsible.id}`);
    expectError(response, 409, 'DELETE_FAILED');
    expect(response.json().blocked).toEqual({ reason: 'ENTITY_HAS_EVENTS', name: responsible.name, count: 1 });
    await t.db.$client.query('delete from events where id = $1', [event.id]);
    expect((await api.delete(`/entities/${responsible.id}`)).statusCode).toBe(200);
  });

  it('refuses with ENTITY_HAS_MOBILITY_GROUPS while it owns a mobility group', async () => {
    const operator = await createEntity(t.db, { parentId: entityA.id });
    const group = await createMobilityGroup(t.db, { entityId: operator.id });
    const response = await api.delete(`/entities/${operator.id}`);
    expectError(response, 409, 'DELETE_FAILED');
    expect(response.json().blocked).toEqual({ reason: 'ENTITY_HAS_MOBILITY_GROUPS', name: operator.name, count: 1 });
    await t.db.$client.query('delete from mobility_system_groups where id = $1', [group.id]);
    expect((await api.delete(`/entities/${operator.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for an entity outside the scope and keeps it', async () => {
    const outsider = await createEntity(t.db);
    expectError(await api.delete(`/entities/${outsider.id}`), 404, 'NOT_FOUND');
    expect((await admin.get(`/entities/${outsider.id}`)).statusCode).toBe(200);
  });
});
