import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { createEntity, signInNewUser } from '../../../test/factories.ts';
import { createMobilityGroup, createMobilitySystem } from '../../../test/mobility-factories.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();
const unique = () => randomBytes(4).toString('hex');
const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10" fill="#0a6c74"/></svg>';

let api: TCaller;
let caller: { user: { id: number }; authorization: string };

beforeAll(async () => {
  caller = await signInNewUser(t, { permissions: ['WRITE_MOBILITY_GROUP'] });
  api = callerOf(t, caller.authorization);
});

const validGroup = (overrides: Record<string, unknown> = {}) => ({
  name: `Metro ${unique()}`,
  type: 'STATIC',
  layerType: 'DEFAULT_LAYERS',
  ...overrides,
});

describe('POST /api/mobility-system-groups', () => {
  it('creates a group with every field, sanitises its icon and audits it', async () => {
    const parent = await createMobilityGroup(t.db);
    const response = await api.post('/mobility-system-groups', {
      name: 'Metro do Porto',
      icon: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" onload="alert(1)"><script>alert(1)</script><circle cx="12" cy="12" r="10"/></svg>`,
      color: '#f5a',
      type: 'DYNAMIC',
      layerType: 'CUSTOM_LAYERS',
      styles: [{ id: 'stops', type: 'circle', paint: { 'circle-radius': 5 } }],
      tileMetadataUrl: 'https://tiles.example/metadata.json',
      allowOverlap: true,
      allowClustering: true,
      minZoomFiltered: 10,
      maxZoomFiltered: 20,
      minZoomNotFiltered: 13,
      maxZoomNotFiltered: 20,
      parentId: parent.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    const group = response.json();
    expect(group).toMatchObject({
      name: 'Metro do Porto',
      color: '#f5a',
      type: 'DYNAMIC',
      layerType: 'CUSTOM_LAYERS',
      styles: [{ id: 'stops', type: 'circle', paint: { 'circle-radius': 5 } }],
      tileMetadataUrl: 'https://tiles.example/metadata.json',
      allowOverlap: true,
      allowClustering: true,
      minZoomFiltered: 10,
      maxZoomFiltered: 20,
      minZoomNotFiltered: 13,
      maxZoomNotFiltered: 20,
      parentId: parent.id,
      parent: { id: parent.id, name: parent.name },
      subgroups: [],
      systemsCount: 0,
    });
    expect(group.icon).toContain('<circle');
    expect(group.icon).not.toMatch(/script|onload|alert/);
    const [audit] = (await findAuditRows(t.db, 'CREATE', 'mobility_group')).filter(
      (row) => row.record_id === String(group.id),
    );
    expect(audit).toMatchObject({ user_id: caller.user.id, after: { name: 'Metro do Porto', parentId: parent.id } });
  });

  it.each([
    ['a missing name', { name: undefined }, 'name', 'MISSING_NAME'],
    ['a blank name', { name: '   ' }, 'name', 'MISSING_NAME'],
    ['a name over 200 characters', { name: 'n'.repeat(201) }, 'name', 'INVALID_NAME'],
    ['a colour that is not hex or hsl()', { color: 'verde' }, 'color', 'INVALID_COLOUR'],
    ['a five-digit hex colour', { color: '#12345' }, 'color', 'INVALID_COLOUR'],
    ['a missing type', { type: undefined }, 'type', 'MISSING_TYPE'],
    ['an unknown type', { type: 'FLOATING' }, 'type', 'INVALID_TYPE'],
    ['a missing layer type', { layerType: undefined }, 'layerType', 'MISSING_LAYER_TYPE'],
    ['an unknown layer type', { layerType: 'SOME_LAYERS' }, 'layerType', 'INVALID_LAYER_TYPE'],
    ['custom layers with no style', { layerType: 'CUSTOM_LAYERS' }, 'styles', 'MISSING_STYLES'],
    ['styles that are not JSON objects', { styles: 'vermelho' }, 'styles', 'INVALID_STYLES'],
    ['a tile URL that is not http(s)', { tileMetadataUrl: 'javascript:alert(1)' }, 'tileMetadataUrl', 'INVALID_URL'],
    ['a zoom past 24', { minZoomFiltered: 25 }, 'minZoomFiltered', 'INVALID_ZOOM'],
    ['a negative zoom', { maxZoomNotFiltered: -1 }, 'maxZoomNotFiltered', 'INVALID_ZOOM'],
    [
      'a filtered range upside down',
      { minZoomFiltered: 15, maxZoomFiltered: 10 },
      'maxZoomFiltered',
      'INVALID_ZOOM_RANGE',
    ],
    [
      'a not-filtered range upside down',
      { minZoomNotFiltered: 18, maxZoomNotFiltered: 12 },
      'maxZoomNotFiltered',
      'INVALID_ZOOM_RANGE',
    ],
    ['an icon that is not an SVG', { icon: '<p>ícone</p>' }, 'icon', 'INVALID_ICON'],
    ['an icon of nothing but a script', { icon: '<script>alert(1)</script>' }, 'icon', 'INVALID_ICON'],
    ['an unknown parent', { parentId: 2_000_000_000 }, 'parentId', 'INVALID_PARENT'],
  ])('refuses %s', async (_case, overrides, property, error) => {
    expectFieldError(await api.post('/mobility-system-groups', validGroup(overrides)), property, error);
  });

  it('accepts hsl() colours and 4- and 8-digit hex', async () => {
    for (const color of ['hsl(200, 60%, 40%)', '#abcd', '#0a6c74ff']) {
      const response = await api.post('/mobility-system-groups', validGroup({ color }));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().color).toBe(color);
    }
  });

  it('needs WRITE_MOBILITY_GROUP', async () => {
    const other = await signInNewUser(t, { permissions: ['WRITE_MOBILITY_SYSTEM'] });
    expectError(await callerOf(t, other.authorization).post('/mobility-system-groups', validGroup()), 403, 'FORBIDDEN');
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/mobility-system-groups', payload: validGroup() });
    expectError(anonymous, 401, 'UNAUTHORIZED');
  });
});

describe('PUT /api/mobility-system-groups/{id}', () => {
  it('changes the group and audits only the difference', async () => {
    const group = await createMobilityGroup(t.db, { name: `Autocarros ${unique()}` });
    const response = await api.put(
      `/mobility-system-groups/${group.id}`,
      validGroup({ name: group.name, color: '#123' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().color).toBe('#123');
    const [audit] = (await findAuditRows(t.db, 'UPDATE', 'mobility_group')).filter(
      (row) => row.record_id === String(group.id),
    );
    expect(audit.before).toEqual({ color: null });
    expect(audit.after).toEqual({ color: '#123' });
  });

  it('refuses to make a group its own parent or the child of its sub-group', async () => {
    const top = await createMobilityGroup(t.db);
    const middle = await createMobilityGroup(t.db, { parentId: top.id });
    const bottom = await createMobilityGroup(t.db, { parentId: middle.id });
    const self = await api.put(`/mobility-system-groups/${top.id}`, validGroup({ parentId: top.id }));
    expectFieldError(self, 'parentId', 'INVALID_PARENT');
    const loop = await api.put(`/mobility-system-groups/${top.id}`, validGroup({ parentId: bottom.id }));
    expectFieldError(loop, 'parentId', 'INVALID_PARENT');
  });

  it('answers 404 for an unknown group', async () => {
    expectError(await api.put('/mobility-system-groups/2147483647', validGroup()), 404, 'NOT_FOUND');
  });
});

describe('GET /api/mobility-system-groups/search and /{id}', () => {
  it("answers the spec's paged list, filtered by text, type and parent, with sub-groups and system counts", async () => {
    const tag = unique();
    const metro = await createMobilityGroup(t.db, { name: `Metropolitano ${tag}`, type: 'STATIC' });
    const lines = await createMobilityGroup(t.db, { name: `Linhas ${tag}`, type: 'DYNAMIC', parentId: metro.id });
    await createMobilitySystem(t.db, { groupId: metro.id });
    const reader = callerOf(t, (await signInNewUser(t)).authorization);

    const all = await reader.get('/mobility-system-groups/search', { universalSearch: tag });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ totalItems: 2, currentPage: 0, sortBy: 'name', sortOrder: 'ASC' });
    expect(all.json().content.map((g: { id: number }) => g.id)).toEqual([lines.id, metro.id]);
    expect(all.json().content[1]).toMatchObject({ subgroups: [{ id: lines.id, name: lines.name }], systemsCount: 1 });

    const accentless = await reader.get('/mobility-system-groups/search', { universalSearch: `metropolitano ${tag}` });
    expect(accentless.json().content.map((g: { id: number }) => g.id)).toEqual([metro.id]);
    const dynamic = await reader.get('/mobility-system-groups/search', { universalSearch: tag, type: 'DYNAMIC' });
    expect(dynamic.json().content.map((g: { id: number }) => g.id)).toEqual([lines.id]);
    const children = await reader.get('/mobility-system-groups/search', { parentId: String(metro.id) });
    expect(children.json().content.map((g: { id: number }) => g.id)).toEqual([lines.id]);
    const roots = await reader.get('/mobility-system-groups/search', { universalSearch: tag, onlyRootGroups: 'true' });
    expect(roots.json().content.map((g: { id: number }) => g.id)).toEqual([metro.id]);

    const one = await reader.get(`/mobility-system-groups/${lines.id}`);
    expect(one.json()).toMatchObject({ id: lines.id, parent: { id: metro.id, name: metro.name } });
    expectError(await reader.get('/mobility-system-groups/2147483647'), 404, 'NOT_FOUND');
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ url: '/api/mobility-system-groups/search' });
    expectError(response, 401, 'UNAUTHORIZED');
  });
});

describe('GET /api/mobility-system-groups/tree and /{id}/icon', () => {
  it('answers every group nested under its parent, to anyone', async () => {
    const tag = unique();
    const top = await createMobilityGroup(t.db, { name: `Transportes ${tag}` });
    const child = await createMobilityGroup(t.db, { name: `Comboios ${tag}`, parentId: top.id });
    const grandchild = await createMobilityGroup(t.db, { name: `Suburbanos ${tag}`, parentId: child.id });
    const response = await t.app.inject({ url: '/api/mobility-system-groups/tree' });
    expect(response.statusCode, response.body).toBe(200);
    const node = response.json().find((group: { id: number }) => group.id === top.id);
    expect(node.subgroups).toHaveLength(1);
    expect(node.subgroups[0]).toMatchObject({ id: child.id, subgroups: [{ id: grandchild.id, subgroups: [] }] });
    expect(response.json().some((group: { id: number }) => group.id === child.id)).toBe(false);
  });

  it('serves a stored icon as an SVG image, and 404 for a group without one', async () => {
    const created = await api.post('/mobility-system-groups', validGroup({ icon: ICON }));
    const icon = await t.app.inject({ url: `/api/mobility-system-groups/${created.json().id}/icon` });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    expect(icon.body).toContain('<circle');
    const bare = await createMobilityGroup(t.db);
    expectError(await t.app.inject({ url: `/api/mobility-system-groups/${bare.id}/icon` }), 404, 'NOT_FOUND');
  });
});

describe('DELETE /api/mobility-system-groups/{id}', () => {
  it('deletes an empty group and audits it', async () => {
    const group = await createMobilityGroup(t.db);
    expect((await api.delete(`/mobility-system-groups/${group.id}`)).json()).toEqual({ success: true });
    expectError(await api.get(`/mobility-system-groups/${group.id}`), 404, 'NOT_FOUND');
    const rows = (await findAuditRows(t.db, 'DELETE', 'mobility_group')).filter(
      (row) => row.record_id === String(group.id),
    );
    expect(rows).toHaveLength(1);
  });

  it('refuses with DELETE_FAILED while the group has sub-groups or systems', async () => {
    const parent = await createMobilityGroup(t.db);
    await createMobilityGroup(t.db, { parentId: parent.id });
    const withChild = await api.delete(`/mobility-system-groups/${parent.id}`);
    expectError(withChild, 409, 'DELETE_FAILED');
    expect(withChild.json().message).toMatch(/1 sub-group/);
    expect(withChild.json().blocked).toEqual({ reason: 'GROUP_HAS_SUBGROUPS', name: parent.name, count: 1 });
    const withSystem = await createMobilityGroup(t.db);
    await createMobilitySystem(t.db, { groupId: withSystem.id });
    const refused = await api.delete(`/mobility-system-groups/${withSystem.id}`);
    expectError(refused, 409, 'DELETE_FAILED');
    expect(refused.json().message).toMatch(/1 system/);
    expect(refused.json().blocked).toMatchObject({ reason: 'GROUP_HAS_SYSTEMS', count: 1 });
  });

  it("refuses with GROUP_IN_USE while another domain's rows point at the group, and keeps it", async () => {
    const group = await createMobilityGroup(t.db);
    // Stands for a table of another module (an imported feed) that references groups.
    await t.db.$client.query(
      'create table if not exists test_group_users (group_id integer references mobility_system_groups(id))',
    );
    await t.db.$client.query('insert into test_group_users values ($1)', [group.id]);
    const response = await api.delete(`/mobility-system-groups/${group.id}`);
    expectError(response, 409, 'DELETE_FAILED');
    expect(response.json().blocked).toEqual({ reason: 'GROUP_IN_USE', name: group.name });
    expect((await api.get(`/mobility-system-groups/${group.id}`)).statusCode).toBe(200);
  });

  it('needs WRITE_MOBILITY_GROUP', async () => {
    const group = await createMobilityGroup(t.db);
    const other = await signInNewUser(t, { permissions: ['WRITE_MOBILITY_SYSTEM'] });
    expectError(await callerOf(t, other.authorization).delete(`/mobility-system-groups/${group.id}`), 403, 'FORBIDDEN');
  });
});

describe('mobility groups belong to an entity', () => {
  let own: { id: number };
  let department: { id: number };
  let other: { id: number };
  let writer: TCaller;
  let writerEntityId: number;

  beforeAll(async () => {
    own = await createEntity(t.db, { name: `Metro ${unique()}` });
    department = await createEntity(t.db, { name: `Manutenção ${unique()}`, parentId: own.id });
    other = await createEntity(t.db, { name: `Câmara ${unique()}` });
    const user = await signInNewUser(t, {
      permissions: ['WRITE_MOBILITY_GROUP'],
      entityId: own.id,
      entitiesAccessList: [own.id],
    });
    writer = callerOf(t, user.authorization);
    writerEntityId = own.id;
  });

  it("answers 404 to another entity's user for the group's edit screen, change and delete, and keeps it", async () => {
    const group = await createMobilityGroup(t.db, { entityId: other.id });
    expectError(await writer.get(`/mobility-system-groups/${group.id}`), 404, 'NOT_FOUND');
    expectError(await writer.put(`/mobility-system-groups/${group.id}`, validGroup()), 404, 'NOT_FOUND');
    expectError(await writer.delete(`/mobility-system-groups/${group.id}`), 404, 'NOT_FOUND');
    const kept = await api.get(`/mobility-system-groups/${group.id}`);
    expect(kept.json()).toMatchObject({ name: group.name, entityId: other.id });
    expect(await findAuditRows(t.db, 'UPDATE', 'mobility_group')).not.toContainEqual(
      expect.objectContaining({ record_id: String(group.id) }),
    );
  });

  it("lists only the caller's groups for editing, every group when asked for all, and the public tree shows all", async () => {
    const tag = unique();
    const mine = await createMobilityGroup(t.db, { name: `Linhas ${tag}`, entityId: department.id });
    const theirs = await createMobilityGroup(t.db, { name: `Sensores ${tag}`, entityId: other.id });
    const ids = (response: { json: () => { content: { id: number }[] } }) => response.json().content.map((g) => g.id);
    expect(ids(await writer.get('/mobility-system-groups/search', { universalSearch: tag }))).toEqual([mine.id]);
    const all = await writer.get('/mobility-system-groups/search', { universalSearch: tag, allEntities: 'true' });
    expect(ids(all)).toEqual([mine.id, theirs.id]);
    const tree = (await t.app.inject({ url: '/api/mobility-system-groups/tree' })).json() as { id: number }[];
    expect(tree.map((group) => group.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });

  it('lets the caller edit and delete the groups of their entity and its sub-entities', async () => {
    const group = await createMobilityGroup(t.db, { entityId: department.id });
    const read = await writer.get(`/mobility-system-groups/${group.id}`);
    expect(read.json()).toMatchObject({ entityId: department.id, entity: { id: department.id } });
    const changed = await writer.put(`/mobility-system-groups/${group.id}`, validGroup({ color: '#0a6c74' }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ color: '#0a6c74', entityId: department.id });
    expect((await writer.delete(`/mobility-system-groups/${group.id}`)).statusCode).toBe(200);
  });

  it("creates a group in the caller's entity, or in one of their scope, never outside it", async () => {
    const plain = await writer.post('/mobility-system-groups', validGroup());
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().entityId).toBe(writerEntityId);
    const chosen = await writer.post('/mobility-system-groups', validGroup({ entityId: department.id }));
    expect(chosen.json()).toMatchObject({ entityId: department.id, entity: { id: department.id } });
    expectFieldError(
      await writer.post('/mobility-system-groups', validGroup({ entityId: other.id })),
      'entityId',
      'INVALID_ENTITY',
    );
    expectFieldError(
      await writer.post('/mobility-system-groups', validGroup({ entityId: 2_000_000_000 })),
      'entityId',
      'INVALID_ENTITY',
    );
    const [audit] = (await findAuditRows(t.db, 'CREATE', 'mobility_group')).filter(
      (row) => row.record_id === String(chosen.json().id),
    );
    expect(audit.after).toMatchObject({ entityId: department.id });
  });

  it("keeps a group's entity on a change that leaves it out, and refuses to hand it outside the scope", async () => {
    const group = await createMobilityGroup(t.db, { entityId: department.id });
    const kept = await writer.put(`/mobility-system-groups/${group.id}`, validGroup());
    expect(kept.json().entityId).toBe(department.id);
    const moved = await writer.put(`/mobility-system-groups/${group.id}`, validGroup({ entityId: own.id }));
    expect(moved.json().entityId).toBe(own.id);
    expectFieldError(
      await writer.put(`/mobility-system-groups/${group.id}`, validGroup({ entityId: other.id })),
      'entityId',
      'INVALID_ENTITY',
    );
  });

  it("puts a sub-group in its parent's entity, and refuses a parent outside the scope as an unknown one", async () => {
    const parent = await createMobilityGroup(t.db, { entityId: department.id });
    const child = await writer.post('/mobility-system-groups', validGroup({ parentId: parent.id }));
    expect(child.json()).toMatchObject({ parentId: parent.id, entityId: department.id });
    const foreign = await createMobilityGroup(t.db, { entityId: other.id });
    expectFieldError(
      await writer.post('/mobility-system-groups', validGroup({ parentId: foreign.id })),
      'parentId',
      'INVALID_PARENT',
    );
    const mine = await createMobilityGroup(t.db, { entityId: own.id });
    expectFieldError(
      await writer.put(`/mobility-system-groups/${mine.id}`, validGroup({ parentId: foreign.id })),
      'parentId',
      'INVALID_PARENT',
    );
  });
});
