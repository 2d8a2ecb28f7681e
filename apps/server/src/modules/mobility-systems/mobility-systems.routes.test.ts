import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { createEntity, signInNewUser } from '../../../test/factories.ts';
import { makePdf, makePng } from '../../../test/files.ts';
import { createMobilityGroup, createMobilitySystem } from '../../../test/mobility-factories.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { dashboards, documents, mobilitySystems } from '../../db/schema/index.ts';

const t = useTestApp();
const unique = () => randomBytes(4).toString('hex');

let api: TCaller;
let caller: { user: { id: number }; authorization: string };
let groupId: number;

beforeAll(async () => {
  caller = await signInNewUser(t, { permissions: ['WRITE_MOBILITY_SYSTEM'] });
  api = callerOf(t, caller.authorization);
  groupId = (await createMobilityGroup(t.db, { name: `Metro ${unique()}` })).id;
});

const TRINDADE = { type: 'Point', coordinates: [-8.6094, 41.1522] };
const LINE_D = {
  type: 'LineString',
  coordinates: [
    [-8.6094, 41.1522],
    [-8.6108, 41.1456],
    [-8.6113, 41.1403],
  ],
};

const validSystem = (overrides: Record<string, unknown> = {}) => ({
  name: `Trindade ${unique()}`,
  systemType: 'STOP',
  parentId: groupId,
  geometry: TRINDADE,
  ...overrides,
});

async function attachDocument(systemId: number, category: 'PHOTO' | 'FILE', title: string) {
  const [row] = await t.db
    .insert(documents)
    .values({
      ownerKind: 'MOBILITY_SYSTEM',
      ownerId: systemId,
      category,
      title,
      filename: category === 'PHOTO' ? 'foto.png' : 'horario.pdf',
      mimeType: category === 'PHOTO' ? 'image/png' : 'application/pdf',
      size: 10,
      contents: category === 'PHOTO' ? makePng() : makePdf(),
      props: category === 'PHOTO' ? { is360: true } : {},
      isPublic: true,
    })
    .returning();
  return row;
}

describe('POST /api/mobility-systems', () => {
  it('creates a stop with parameters and related systems, derives its bounding box, and audits it', async () => {
    const route = await createMobilitySystem(t.db, { groupId, systemType: 'ROUTE', name: `Linha D ${unique()}` });
    const station = await createMobilitySystem(t.db, { groupId, systemType: 'OTHER', name: `Estação ${unique()}` });
    const response = await api.post(
      '/mobility-systems',
      validSystem({
        name: 'Trindade',
        description: 'Interface com todas as linhas',
        parentSystemId: station.id,
        color: 'hsl(20, 90%, 50%)',
        serviceDays: ['SUN', 'MON', 'TUE'],
        properties: { platforms: 4, accessible: true, code: 'TRI' },
        relatedInfo: { showSchedules: true, routes: [route.id] },
        relatedSystemIds: [route.id, route.id],
        parameters: [
          { name: 'Elevador', type: 'BOOLEAN', value: 'true' },
          { name: 'Zona', type: 'LIST', value: 'C1', options: ['C1', 'C2'] },
          { name: 'Ocupação', type: 'IOT', readerId: 'sensor-7', templateId: 3 },
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const system = response.json();
    expect(system).toMatchObject({
      name: 'Trindade',
      description: 'Interface com todas as linhas',
      systemType: 'STOP',
      parentId: groupId,
      parent: { id: groupId, type: 'STATIC' },
      parentSystem: { id: station.id, name: station.name },
      color: 'hsl(20, 90%, 50%)',
      serviceDays: ['MON', 'TUE', 'SUN'],
      properties: { platforms: 4, accessible: true, code: 'TRI' },
      relatedInfo: { showSchedules: true, routes: [route.id] },
      relatedSystems: [{ id: route.id, name: route.name, systemType: 'ROUTE' }],
      latitude: 41.1522,
      longitude: -8.6094,
      boundingBox: { minLatitude: 41.1522, maxLatitude: 41.1522, minLongitude: -8.6094, maxLongitude: -8.6094 },
      geometry: TRINDADE,
      activeEvents: [],
      documents: [],
      files: [],
      active: true,
    });
    expect(system.parameters).toEqual([
      {
        id: expect.any(Number),
        templateId: null,
        name: 'Elevador',
        type: 'BOOLEAN',
        value: 'true',
        options: [],
        readerId: null,
      },
      {
        id: expect.any(Number),
        templateId: null,
        name: 'Zona',
        type: 'LIST',
        value: 'C1',
        options: ['C1', 'C2'],
        readerId: null,
      },
      {
        id: expect.any(Number),
        templateId: 3,
        name: 'Ocupação',
        type: 'IOT',
        value: null,
        options: [],
        readerId: 'sensor-7',
      },
    ]);
    // The relation is kept both ways.
    const fromRoute = await api.get(`/mobility-systems/${route.id}`);
    expect(fromRoute.json().relatedSystems).toEqual([{ id: system.id, name: 'Trindade', systemType: 'STOP' }]);
    const [audit] = (await findAuditRows(t.db, 'CREATE', 'mobility_system')).filter(
      (row) => row.record_id === String(system.id),
    );
    expect(audit).toMatchObject({
      user_id: caller.user.id,
      after: { name: 'Trindade', groupId, relatedSystemIds: [route.id] },
    });
  });

  it('creates a route drawn as a line, with the box around it', async () => {
    const response = await api.post('/mobility-systems', validSystem({ systemType: 'ROUTE', geometry: LINE_D }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().boundingBox).toEqual({
      minLatitude: 41.1403,
      maxLatitude: 41.1522,
      minLongitude: -8.6113,
      maxLongitude: -8.6094,
    });
    expect(response.json()).toMatchObject({ latitude: 41.1456, longitude: -8.6108 });
  });

  it.each([
    ['a missing name', { name: undefined }, 'name', 'MISSING_NAME'],
    ['an empty name', { name: '' }, 'name', 'MISSING_NAME'],
    ['a name over 200 characters', { name: 's'.repeat(201) }, 'name', 'INVALID_NAME'],
    ['a missing group', { parentId: undefined }, 'parentId', 'MISSING_PARENT_ID'],
    ['a group that is not a number', { parentId: 'metro' }, 'parentId', 'INVALID_PARENT_ID'],
    ['an unknown group', { parentId: 2_000_000_000 }, 'parentId', 'INVALID_PARENT_ID'],
    ['a missing system type', { systemType: undefined }, 'systemType', 'MISSING_SYSTEM_TYPE'],
    ['an unknown system type', { systemType: 'TRAIN' }, 'systemType', 'INVALID_SYSTEM_TYPE'],
    ['a missing geometry', { geometry: undefined }, 'geometry', 'MISSING_GEOMETRY'],
    ['a point off the globe', { geometry: { type: 'Point', coordinates: [200, 41] } }, 'geometry', 'INVALID_GEOMETRY'],
    [
      'a geometry of an unknown type',
      { geometry: { type: 'Circle', coordinates: [0, 0] } },
      'geometry',
      'INVALID_GEOMETRY',
    ],
    [
      'a line with one position',
      { systemType: 'ROUTE', geometry: { type: 'LineString', coordinates: [[0, 0]] } },
      'geometry',
      'INVALID_GEOMETRY',
    ],
    ['a stop drawn as a line', { geometry: LINE_D }, 'geometry', 'INVALID_GEOMETRY'],
    ['a route drawn as a point', { systemType: 'ROUTE' }, 'geometry', 'INVALID_GEOMETRY'],
    ['an invalid colour', { color: 'rgb(1,2,3)' }, 'color', 'INVALID_COLOUR'],
    ['an unknown service day', { serviceDays: ['MON', 'HOLIDAY'] }, 'serviceDays[1]', 'INVALID_SERVICE_DAYS'],
    ['properties that are not an object', { properties: ['a'] }, 'properties', 'INVALID_PROPERTIES'],
    ['related info of the wrong shape', { relatedInfo: { routes: 'A' } }, 'relatedInfo', 'INVALID_RELATED_INFO'],
    ['an unknown related system', { relatedSystemIds: [2_000_000_000] }, 'relatedSystemIds', 'INVALID_RELATED_SYSTEM'],
    ['an unknown parent system', { parentSystemId: 2_000_000_000 }, 'parentSystemId', 'INVALID_PARENT_SYSTEM'],
    ['a parameter without a name', { parameters: [{ type: 'TEXT' }] }, 'parameters[0].name', 'MISSING_NAME'],
    ['a parameter without a type', { parameters: [{ name: 'Cota' }] }, 'parameters[0].type', 'MISSING_TYPE'],
    [
      'a parameter of an unknown type',
      { parameters: [{ name: 'Cota', type: 'DATE' }] },
      'parameters[0].type',
      'INVALID_TYPE',
    ],
    [
      'a list parameter without options',
      { parameters: [{ name: 'Zona', type: 'LIST' }] },
      'parameters[0].options',
      'INVALID_OPTIONS',
    ],
    [
      'a list value outside its options',
      { parameters: [{ name: 'Zona', type: 'LIST', value: 'Z9', options: ['C1'] }] },
      'parameters[0].value',
      'INVALID_PARAMETER',
    ],
    [
      'a boolean parameter saying maybe',
      { parameters: [{ name: 'Wi-Fi', type: 'BOOLEAN', value: 'talvez' }] },
      'parameters[0].value',
      'INVALID_PARAMETER',
    ],
    [
      'an IoT parameter without a reader',
      { parameters: [{ name: 'Lotação', type: 'IOT' }] },
      'parameters[0].readerId',
      'MISSING_READER_ID',
    ],
  ])('refuses %s', async (_case, overrides, property, error) => {
    expectFieldError(await api.post('/mobility-systems', validSystem(overrides)), property, error);
  });

  it('needs WRITE_MOBILITY_SYSTEM', async () => {
    const groupWriter = await signInNewUser(t, { permissions: ['WRITE_MOBILITY_GROUP'] });
    expectError(
      await callerOf(t, groupWriter.authorization).post('/mobility-systems', validSystem()),
      403,
      'FORBIDDEN',
    );
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/mobility-systems', payload: validSystem() });
    expectError(anonymous, 401, 'UNAUTHORIZED');
  });
});

describe('PUT /api/mobility-systems/{id}', () => {
  it('replaces parameters and relations, and audits the difference', async () => {
    const related = await createMobilitySystem(t.db, { groupId });
    const created = (
      await api.post(
        '/mobility-systems',
        validSystem({ relatedSystemIds: [related.id], parameters: [{ name: 'Cota', type: 'TEXT', value: '120 m' }] }),
      )
    ).json();
    const response = await api.put(
      `/mobility-systems/${created.id}`,
      validSystem({ name: created.name, active: false, parameters: [{ name: 'Cota', type: 'TEXT', value: '121 m' }] }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ active: false, relatedSystems: [] });
    expect(response.json().parameters.map((p: { value: string }) => p.value)).toEqual(['121 m']);
    expect((await api.get(`/mobility-systems/${related.id}`)).json().relatedSystems).toEqual([]);
    const [audit] = (await findAuditRows(t.db, 'UPDATE', 'mobility_system')).filter(
      (row) => row.record_id === String(created.id),
    );
    expect(Object.keys(audit.after as object).sort()).toEqual(['active', 'parameters', 'relatedSystemIds']);
  });

  it('refuses the system as its own parent or relation, and a loop of parents', async () => {
    const top = await createMobilitySystem(t.db, { groupId });
    const below = await createMobilitySystem(t.db, { groupId, parentId: top.id });
    const body = validSystem({ name: top.name });
    expectFieldError(
      await api.put(`/mobility-systems/${top.id}`, { ...body, parentSystemId: top.id }),
      'parentSystemId',
      'INVALID_PARENT_SYSTEM',
    );
    expectFieldError(
      await api.put(`/mobility-systems/${top.id}`, { ...body, parentSystemId: below.id }),
      'parentSystemId',
      'INVALID_PARENT_SYSTEM',
    );
    expectFieldError(
      await api.put(`/mobility-systems/${top.id}`, { ...body, relatedSystemIds: [top.id] }),
      'relatedSystemIds',
      'INVALID_RELATED_SYSTEM',
    );
  });

  it('answers 404 for an unknown system', async () => {
    expectError(await api.put('/mobility-systems/2147483647', validSystem()), 404, 'NOT_FOUND');
  });
});

describe('GET /api/mobility-systems/search and /{id}', () => {
  it('pages systems filtered by group (with sub-groups), type, text and state', async () => {
    const tag = unique();
    const network = await createMobilityGroup(t.db);
    const subNetwork = await createMobilityGroup(t.db, { parentId: network.id });
    const stop = await createMobilitySystem(t.db, { groupId: network.id, name: `Bolhão ${tag}` });
    const route = await createMobilitySystem(t.db, {
      groupId: subNetwork.id,
      name: `Linha A ${tag}`,
      systemType: 'ROUTE',
    });
    const closed = await createMobilitySystem(t.db, { groupId: network.id, name: `Campanhã ${tag}`, active: false });
    const reader = callerOf(t, (await signInNewUser(t)).authorization);

    const inNetwork = await reader.get('/mobility-systems/search', { parentId: String(network.id) });
    expect(inNetwork.statusCode, inNetwork.body).toBe(200);
    expect(inNetwork.json()).toMatchObject({ totalItems: 3, sortBy: 'name', sortOrder: 'ASC' });
    expect(inNetwork.json().content.map((s: { id: number }) => s.id)).toEqual([stop.id, closed.id, route.id]);
    expect(inNetwork.json().content[2]).toMatchObject({
      systemType: 'ROUTE',
      parentId: subNetwork.id,
      parent: { id: subNetwork.id, name: subNetwork.name },
    });
    const routes = await reader.get('/mobility-systems/search', { parentId: String(network.id), systemType: 'ROUTE' });
    expect(routes.json().content.map((s: { id: number }) => s.id)).toEqual([route.id]);
    const byText = await reader.get('/mobility-systems/search', { universalSearch: `bolhao ${tag}` });
    expect(byText.json().content.map((s: { id: number }) => s.id)).toEqual([stop.id]);
    const active = await reader.get('/mobility-systems/search', {
      parentId: String(network.id),
      active: 'true',
      excludeId: String(stop.id),
    });
    expect(active.json().content.map((s: { id: number }) => s.id)).toEqual([route.id]);
    const byGroup = await reader.get('/mobility-systems/search', {
      parentId: String(network.id),
      sortProperty: 'parentName',
      sortDirection: 'DESC',
      itemsPerPage: '1',
    });
    expect(byGroup.json()).toMatchObject({ totalItems: 3, totalPages: 3, itemsPerPage: 1 });

    expect((await reader.get(`/mobility-systems/${closed.id}`)).json()).toMatchObject({ id: closed.id, active: false });
    expectError(await reader.get('/mobility-systems/2147483647'), 404, 'NOT_FOUND');
  });

  it('needs a session', async () => {
    expectError(await t.app.inject({ url: '/api/mobility-systems/search' }), 401, 'UNAUTHORIZED');
  });
});

describe('POST /api/mobility-system/public', () => {
  it('finds active systems by text within the chosen groups and their sub-groups, for anyone', async () => {
    const tag = unique();
    const porto = await createMobilityGroup(t.db);
    const portoLines = await createMobilityGroup(t.db, { parentId: porto.id });
    const hidden = await createMobilityGroup(t.db, { layerType: 'NO_LAYERS' });
    const trindade = await createMobilitySystem(t.db, { groupId: porto.id, name: `Trindade ${tag}` });
    const lineStop = await createMobilitySystem(t.db, { groupId: portoLines.id, name: `Trindade Norte ${tag}` });
    const elsewhere = await createMobilitySystem(t.db, { groupId: hidden.id, name: `Trindade Sul ${tag}` });
    await createMobilitySystem(t.db, { groupId: porto.id, name: `Trindade Velha ${tag}`, active: false });
    const search = (body: object) =>
      t.app.inject({ method: 'POST', url: '/api/mobility-system/public', payload: body });

    const everywhere = await search({ universalSearch: `trindade ${tag}` });
    expect(everywhere.statusCode, everywhere.body).toBe(200);
    expect(everywhere.json().map((s: { id: number }) => s.id)).toEqual([trindade.id, lineStop.id, elsewhere.id]);
    expect(everywhere.json()[0]).toEqual({
      id: trindade.id,
      name: trindade.name,
      systemType: 'STOP',
      parentId: porto.id,
      parentName: porto.name,
      color: null,
      latitude: 41.1522,
      longitude: -8.6094,
      boundingBox: { minLatitude: 41.1522, maxLatitude: 41.1522, minLongitude: -8.6094, maxLongitude: -8.6094 },
    });
    const inPorto = await search({ parentId: [porto.id], universalSearch: tag });
    expect(inPorto.json().map((s: { id: number }) => s.id)).toEqual([trindade.id, lineStop.id]);
    const onLayers = await search({ universalSearch: tag, onlyLayerSearch: true });
    expect(onLayers.json().map((s: { id: number }) => s.id)).toEqual([trindade.id, lineStop.id]);
  });

  it('refuses a body of the wrong shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/mobility-system/public',
      payload: { parentId: 'A' },
    });
    expectFieldError(response, 'parentId', 'INVALID_VALUE');
  });
});

describe('GET /api/mobility-system/{id}/details', () => {
  it("answers the spec's system fields, with its photos and files but not their bytes, to anyone", async () => {
    const system = await createMobilitySystem(t.db, { groupId, name: `Aliados ${unique()}`, serviceDays: ['MON'] });
    const photo = await attachDocument(system.id, 'PHOTO', 'Átrio');
    const file = await attachDocument(system.id, 'FILE', 'Horário de verão');
    const response = await t.app.inject({ url: `/api/mobility-system/${system.id}/details` });
    expect(response.statusCode, response.body).toBe(200);
    const details = response.json();
    for (const field of [
      'id',
      'name',
      'systemType',
      'parentId',
      'parent',
      'relatedSystems',
      'relatedInfo',
      'serviceDays',
      'boundingBox',
      'activeEvents',
      'documents',
      'files',
      'properties',
      'parameters',
      'latitude',
      'longitude',
      'color',
    ]) {
      expect(details).toHaveProperty(field);
    }
    expect(details.documents).toEqual([
      expect.objectContaining({ id: photo.id, title: 'Átrio', type: 'image/png', props: { is360: true } }),
    ]);
    expect(details.files).toEqual([
      expect.objectContaining({ id: file.id, title: 'Horário de verão', type: 'application/pdf' }),
    ]);
    expect(response.body).not.toContain('contents');
    expect(details.activeEvents).toEqual([]);
  });

  it('names its dashboard only to whoever may see it: a visitor only once it is public', async () => {
    const [dashboard] = await t.db
      .insert(dashboards)
      .values({ name: `Painel ${unique()}`, status: 'ACTIVE' })
      .returning();
    const system = await createMobilitySystem(t.db, { groupId });
    await t.db.update(mobilitySystems).set({ dashboardId: dashboard.id }).where(eq(mobilitySystems.id, system.id));
    const details = async () => (await t.app.inject({ url: `/api/mobility-system/${system.id}/details` })).json();
    // No button to a dashboard the visitor would be refused.
    expect((await details()).dashboardId).toBeNull();
    await t.db.update(dashboards).set({ isPublic: true }).where(eq(dashboards.id, dashboard.id));
    expect((await details()).dashboardId).toBe(dashboard.id);
  });

  it('answers 404 for an inactive or unknown system', async () => {
    const closed = await createMobilitySystem(t.db, { groupId, active: false });
    expectError(await t.app.inject({ url: `/api/mobility-system/${closed.id}/details` }), 404, 'NOT_FOUND');
    expectError(await t.app.inject({ url: '/api/mobility-system/2147483647/details' }), 404, 'NOT_FOUND');
  });
});

describe('DELETE /api/mobility-systems/{id}', () => {
  it('deletes the system with its documents in one go and audits both', async () => {
    const system = await createMobilitySystem(t.db, { groupId });
    const child = await createMobilitySystem(t.db, { groupId, parentId: system.id });
    const photo = await attachDocument(system.id, 'PHOTO', 'Fachada');
    expect((await api.delete(`/mobility-systems/${system.id}`)).json()).toEqual({ success: true });
    expectError(await api.get(`/mobility-systems/${system.id}`), 404, 'NOT_FOUND');
    expectError(await api.get(`/documents/${photo.id}`), 404, 'DOCUMENT_NOT_FOUND');
    expect((await api.get(`/mobility-systems/${child.id}`)).json().parentSystem).toBeNull();
    expect(
      (await findAuditRows(t.db, 'DELETE', 'mobility_system')).some((row) => row.record_id === String(system.id)),
    ).toBe(true);
    expect((await findAuditRows(t.db, 'DELETE', 'document')).some((row) => row.record_id === String(photo.id))).toBe(
      true,
    );
  });

  it('needs WRITE_MOBILITY_SYSTEM, and answers 404 for an unknown system', async () => {
    const system = await createMobilitySystem(t.db, { groupId });
    const reader = await signInNewUser(t, { permissions: ['WRITE_MOBILITY_GROUP'] });
    expectError(await callerOf(t, reader.authorization).delete(`/mobility-systems/${system.id}`), 403, 'FORBIDDEN');
    expectError(await api.delete('/mobility-systems/2147483647'), 404, 'NOT_FOUND');
  });
});

describe("mobility systems belong to their group's entity", () => {
  let ownGroupId: number;
  let otherGroupId: number;
  let writer: TCaller;

  beforeAll(async () => {
    const own = await createEntity(t.db, { name: `Metro ${unique()}` });
    const line = await createEntity(t.db, { name: `Linha D ${unique()}`, parentId: own.id });
    ownGroupId = (await createMobilityGroup(t.db, { entityId: line.id })).id;
    otherGroupId = (await createMobilityGroup(t.db, { name: `Sensores ${unique()}` })).id;
    const user = await signInNewUser(t, {
      permissions: ['WRITE_MOBILITY_SYSTEM'],
      entityId: own.id,
      entitiesAccessList: [own.id],
    });
    writer = callerOf(t, user.authorization);
  });

  it("answers 404 to another entity's user for the system's edit screen, change and delete, and keeps it", async () => {
    const system = await createMobilitySystem(t.db, { groupId: otherGroupId });
    expectError(await writer.get(`/mobility-systems/${system.id}`), 404, 'NOT_FOUND');
    expectError(
      await writer.put(`/mobility-systems/${system.id}`, validSystem({ parentId: otherGroupId })),
      404,
      'NOT_FOUND',
    );
    expectError(await writer.delete(`/mobility-systems/${system.id}`), 404, 'NOT_FOUND');
    expect((await api.get(`/mobility-systems/${system.id}`)).json()).toMatchObject({ name: system.name });
    const card = await t.app.inject({ url: `/api/mobility-system/${system.id}/details` });
    expect(card.statusCode, card.body).toBe(200);
  });

  it("edits and deletes the systems of the caller's groups", async () => {
    const system = await createMobilitySystem(t.db, { groupId: ownGroupId });
    expect((await writer.get(`/mobility-systems/${system.id}`)).statusCode).toBe(200);
    const changed = await writer.put(
      `/mobility-systems/${system.id}`,
      validSystem({ parentId: ownGroupId, color: '#123' }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await writer.delete(`/mobility-systems/${system.id}`)).statusCode).toBe(200);
  });

  it("lists only the caller's systems for editing, and every entity's when asked for all", async () => {
    const tag = unique();
    const mine = await createMobilitySystem(t.db, { groupId: ownGroupId, name: `Aliados ${tag}` });
    const theirs = await createMobilitySystem(t.db, { groupId: otherGroupId, name: `Bolhão ${tag}` });
    const ids = (response: { json: () => { content: { id: number }[] } }) => response.json().content.map((s) => s.id);
    expect(ids(await writer.get('/mobility-systems/search', { universalSearch: tag }))).toEqual([mine.id]);
    const all = await writer.get('/mobility-systems/search', { universalSearch: tag, allEntities: 'true' });
    expect(ids(all)).toEqual([mine.id, theirs.id]);
  });

  it("refuses another entity's group, parent system or new related system as unknown ones", async () => {
    expectFieldError(
      await writer.post('/mobility-systems', validSystem({ parentId: otherGroupId })),
      'parentId',
      'INVALID_PARENT_ID',
    );
    const mine = await createMobilitySystem(t.db, { groupId: ownGroupId });
    const body = validSystem({ name: mine.name, parentId: ownGroupId });
    expectFieldError(
      await writer.put(`/mobility-systems/${mine.id}`, { ...body, parentId: otherGroupId }),
      'parentId',
      'INVALID_PARENT_ID',
    );
    const theirs = await createMobilitySystem(t.db, { groupId: otherGroupId });
    expectFieldError(
      await writer.put(`/mobility-systems/${mine.id}`, { ...body, parentSystemId: theirs.id }),
      'parentSystemId',
      'INVALID_PARENT_SYSTEM',
    );
    expectFieldError(
      await writer.put(`/mobility-systems/${mine.id}`, { ...body, relatedSystemIds: [theirs.id] }),
      'relatedSystemIds',
      'INVALID_RELATED_SYSTEM',
    );
  });

  it('keeps a parent system and relations to other entities that someone who could set them set', async () => {
    const theirs = await createMobilitySystem(t.db, { groupId: otherGroupId });
    const set = await api.post(
      '/mobility-systems',
      validSystem({ parentId: ownGroupId, parentSystemId: theirs.id, relatedSystemIds: [theirs.id] }),
    );
    expect(set.statusCode, set.body).toBe(200);
    const kept = await writer.put(
      `/mobility-systems/${set.json().id}`,
      validSystem({ parentId: ownGroupId, parentSystemId: theirs.id, relatedSystemIds: [theirs.id], color: '#abc' }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ parentSystem: { id: theirs.id }, relatedSystems: [{ id: theirs.id }] });
  });
});
