import { randomBytes } from 'node:crypto';
import { anchorOf, boundingBoxOf, type TGeometry, type TPermission } from '@mip/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { createEventCategory, createEventRow, SANTA_CATARINA } from '../../../test/event-factories.ts';
import { createEntity, signInNewUser } from '../../../test/factories.ts';
import { makePdf } from '../../../test/files.ts';
import { createMobilityGroup, createMobilitySystem } from '../../../test/mobility-factories.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { documents } from '../../db/schema/index.ts';
import { parseCsv } from '../../lib/csv.ts';

const t = useTestApp();
const unique = () => randomBytes(4).toString('hex');
const WRITER: TPermission[] = ['MANAGE_EVENTS', 'WRITE_EVENT'];
const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/**
 * Two separate trees: A (with sub-entity A1) and B. The writer works at A,
 * limited to A's tree; writerB at B, limited to B's. Events of B are out of
 * the writer's reach unless they came from A.
 */
let entityA: { id: number; name: string };
let entityA1: { id: number; name: string };
let entityB: { id: number; name: string };
let writer: { user: { id: number; name: string }; authorization: string };
let api: TCaller;
let apiB: TCaller;
let generic: { id: number; name: string };
let closure: { id: number; name: string };
let group: { id: number; name: string };
let trindade: { id: number; name: string };

beforeAll(async () => {
  entityA = await createEntity(t.db, { name: `Câmara ${unique()}` });
  entityA1 = await createEntity(t.db, { name: `Mobilidade ${unique()}`, parentId: entityA.id });
  entityB = await createEntity(t.db, { name: `Polícia ${unique()}` });
  writer = await signInNewUser(t, { permissions: WRITER, entityId: entityA.id, entitiesAccessList: [entityA.id] });
  api = callerOf(t, writer.authorization);
  const writerB = await signInNewUser(t, {
    permissions: WRITER,
    entityId: entityB.id,
    entitiesAccessList: [entityB.id],
  });
  apiB = callerOf(t, writerB.authorization);
  generic = await createEventCategory(t.db, { name: `Perturbação no metro ${unique()}` });
  closure = await createEventCategory(t.db, { name: `Corte de estrada ${unique()}`, categoryType: 'TRAFFIC_CLOSED' });
  group = await createMobilityGroup(t.db, { name: `Metro ${unique()}` });
  trindade = await createMobilitySystem(t.db, { groupId: group.id, name: 'Trindade' });
});

const ALTERNATIVE = {
  type: 'Feature',
  geometry: {
    type: 'LineString',
    coordinates: [
      [-8.62, 41.14],
      [-8.59, 41.16],
    ],
  },
  properties: { isAlternative: true, color: '#00ff00' },
};

/** A system's geometry with the columns derived from it. */
const placedAt = (geometry: TGeometry) => ({ geometry, ...anchorOf(geometry), ...boundingBoxOf(geometry) });

const validEvent = (overrides: Record<string, unknown> = {}) => ({
  title: `Obras na Rua de Santa Catarina ${unique()}`,
  description: 'Faixa da direita cortada',
  categoryId: generic.id,
  fromTimestamp: at(-HOUR),
  geojson: SANTA_CATARINA,
  ...overrides,
});

describe('POST /api/events', () => {
  it('creates the event from its own parts, with its systems, timeline and audit', async () => {
    const response = await api.post(
      '/events',
      validEvent({
        title: 'Avaria na Trindade',
        priority: 'HIGH',
        toTimestamp: at(5 * HOUR),
        isPublic: false,
        affectedSystemIds: [trindade.id, trindade.id],
        geojson: { ...SANTA_CATARINA, features: [...SANTA_CATARINA.features, ALTERNATIVE] },
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const event = response.json();
    expect(event).toMatchObject({
      title: 'Avaria na Trindade',
      description: 'Faixa da direita cortada',
      category: { id: generic.id, name: generic.name, icon: null, categoryType: 'GENERIC' },
      isFuture: false,
      priority: 'HIGH',
      status: 'OPEN',
      nextStatuses: ['IN_PROGRESS', 'PENDING', 'RESOLVED', 'CLOSED'],
      direction: null,
      subType: null,
      isPublic: false,
      // Neither chosen nor given by the category: the creator's entity answers for it.
      entity: { id: entityA.id, name: entityA.name },
      originEntity: { id: entityA.id, name: entityA.name },
      createdBy: { id: writer.user.id, name: writer.user.name },
      affectedSystems: [{ id: trindade.id, name: 'Trindade', parentName: group.name }],
      eventRequestId: null,
      files: [],
      documents: [],
      resolvedAt: null,
      closedAt: null,
    });
    // The box holds the event's line, not the alternative path around it.
    expect(event.boundingBox).toEqual({
      minLatitude: 41.1478,
      maxLatitude: 41.1507,
      minLongitude: -8.6062,
      maxLongitude: -8.6058,
    });
    expect(event.geojson.features).toHaveLength(2);
    expect(event.geojson.features[1].properties).toEqual({ isAlternative: true, color: '#00ff00' });
    const timeline = (await api.get(`/events/${event.id}/timeline`)).json();
    expect(timeline).toEqual([
      expect.objectContaining({ kind: 'CREATED', toStatus: 'OPEN', toEntity: { id: entityA.id, name: entityA.name } }),
    ]);
    const [audit] = (await findAuditRows(t.db, 'CREATE', 'event')).filter((row) => row.record_id === String(event.id));
    expect(audit).toMatchObject({
      user_id: writer.user.id,
      after: { title: 'Avaria na Trindade', entityId: entityA.id, affectedSystemIds: [trindade.id], status: 'OPEN' },
    });
  });

  it('gives the event to the category’s entity, or to one chosen within the caller’s scope', async () => {
    const allocated = await createEventCategory(t.db, { allocatedToEntityId: entityB.id });
    const toCategory = await api.post('/events', validEvent({ categoryId: allocated.id }));
    expect(toCategory.statusCode, toCategory.body).toBe(200);
    // Still the writer's to see: their entity raised it.
    expect(toCategory.json()).toMatchObject({ entity: { id: entityB.id }, originEntity: { id: entityA.id } });
    const chosen = await api.post('/events', validEvent({ categoryId: allocated.id, entityId: entityA1.id }));
    expect(chosen.json().entity).toEqual({ id: entityA1.id, name: entityA1.name });
    expectFieldError(await api.post('/events', validEvent({ entityId: entityB.id })), 'entityId', 'INVALID_ENTITY');
  });

  it('takes a road closure with its direction and sub-type, and says when it starts later', async () => {
    const response = await api.post(
      '/events',
      validEvent({
        categoryId: closure.id,
        direction: 'BOTH_DIRECTION',
        subType: 'ROAD_CLOSED_CONSTRUCTION',
        isFuture: true,
        fromTimestamp: at(24 * HOUR),
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      category: { categoryType: 'TRAFFIC_CLOSED' },
      direction: 'BOTH_DIRECTION',
      subType: 'ROAD_CLOSED_CONSTRUCTION',
      isFuture: true,
    });
  });

  const onlyAlternative = { type: 'FeatureCollection', features: [ALTERNATIVE] };
  it.each([
    ['a missing title', { title: undefined }, 'title', 'MISSING_TITLE'],
    ['a blank title', { title: '  ' }, 'title', 'MISSING_TITLE'],
    ['a title over 300 characters', { title: 't'.repeat(301) }, 'title', 'INVALID_TITLE'],
    ['a missing category', { categoryId: undefined }, 'categoryId', 'MISSING_CATEGORY'],
    ['a category that is not a number', { categoryId: 'obras' }, 'categoryId', 'INVALID_CATEGORY'],
    ['an unknown category', { categoryId: 2_000_000_000 }, 'categoryId', 'INVALID_CATEGORY'],
    ['a missing geometry', { geojson: undefined }, 'geojson', 'MISSING_GEOMETRY'],
    ['no parts at all', { geojson: { type: 'FeatureCollection', features: [] } }, 'geojson', 'MISSING_GEOMETRY'],
    ['only alternative paths', { geojson: onlyAlternative }, 'geojson', 'MISSING_GEOMETRY'],
    ['a geometry that is no feature collection', { geojson: { type: 'Point' } }, 'geojson', 'INVALID_GEOMETRY'],
    [
      'a point off the globe',
      {
        geojson: {
          type: 'FeatureCollection',
          features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [200, 41] }, properties: {} }],
        },
      },
      'geojson',
      'INVALID_GEOMETRY',
    ],
    ['a missing start', { fromTimestamp: undefined }, 'fromTimestamp', 'MISSING_FROM_TIMESTAMP'],
    ['a start that is no date', { fromTimestamp: '31-12-2026' }, 'fromTimestamp', 'INVALID_FROM_TIMESTAMP'],
    ['an end before the start', { toTimestamp: at(-2 * HOUR) }, 'toTimestamp', 'INVALID_TO_TIMESTAMP'],
    ['an end that is no date', { toTimestamp: 'amanhã' }, 'toTimestamp', 'INVALID_TO_TIMESTAMP'],
    ['an unknown priority', { priority: 'URGENT' }, 'priority', 'INVALID_PRIORITY'],
    ['an unknown direction', { direction: 'NORTH' }, 'direction', 'INVALID_DIRECTION'],
    ['an unknown sub-type', { subType: 'FLOOD' }, 'subType', 'INVALID_SUB_TYPE'],
    [
      'an unknown affected system',
      { affectedSystemIds: [2_000_000_000] },
      'affectedSystemIds',
      'INVALID_AFFECTED_SYSTEMS',
    ],
    [
      'affected systems that are not ids',
      { affectedSystemIds: 'Trindade' },
      'affectedSystemIds',
      'INVALID_AFFECTED_SYSTEMS',
    ],
    ['an unknown entity', { entityId: 2_000_000_000 }, 'entityId', 'INVALID_ENTITY'],
  ])('refuses %s', async (_case, overrides, property, error) => {
    expectFieldError(await api.post('/events', validEvent(overrides)), property, error);
  });

  it('asks a road category for its direction and a sub-type of its own kind', async () => {
    const missing = await api.post('/events', validEvent({ categoryId: closure.id }));
    expectFieldError(missing, 'direction', 'MISSING_DIRECTION');
    expectFieldError(missing, 'subType', 'MISSING_SUB_TYPE');
    expectFieldError(
      await api.post(
        '/events',
        validEvent({ categoryId: closure.id, direction: 'ONE_DIRECTION', subType: 'HAZARD_ON_ROAD_POT_HOLE' }),
      ),
      'subType',
      'INVALID_SUB_TYPE',
    );
  });

  it('refuses an inactive category and one kept for another type of user', async () => {
    const retired = await createEventCategory(t.db, { active: false });
    expectFieldError(
      await api.post('/events', validEvent({ categoryId: retired.id })),
      'categoryId',
      'INVALID_CATEGORY',
    );
    const limited = await createEventCategory(t.db, { limitUserType: 'OPERATOR' });
    expectFieldError(
      await api.post('/events', validEvent({ categoryId: limited.id })),
      'categoryId',
      'CATEGORY_NOT_ALLOWED',
    );
    const forNormal = await createEventCategory(t.db, { limitUserType: 'NORMAL' });
    expect((await api.post('/events', validEvent({ categoryId: forNormal.id }))).statusCode).toBe(200);
  });

  it('needs MANAGE_EVENTS and WRITE_EVENT', async () => {
    const reader = await signInNewUser(t, { permissions: ['MANAGE_EVENTS'] });
    expectError(await callerOf(t, reader.authorization).post('/events', validEvent()), 403, 'FORBIDDEN');
    const onlyWrite = await signInNewUser(t, { permissions: ['WRITE_EVENT'] });
    expectError(await callerOf(t, onlyWrite.authorization).post('/events', validEvent()), 403, 'FORBIDDEN');
    expectError(await t.app.inject({ method: 'POST', url: '/api/events', payload: validEvent() }), 401, 'UNAUTHORIZED');
  });
});

describe('PUT /api/events/{id}', () => {
  it('changes the event, replaces its systems, and leaves an UPDATED row and the audited difference', async () => {
    const created = (await api.post('/events', validEvent({ affectedSystemIds: [trindade.id] }))).json();
    const response = await api.put(
      `/events/${created.id}`,
      validEvent({ title: 'Obras concluídas em parte', priority: 'LOW', affectedSystemIds: [] }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ title: 'Obras concluídas em parte', priority: 'LOW', affectedSystems: [] });
    const [audit] = (await findAuditRows(t.db, 'UPDATE', 'event')).filter(
      (row) => row.record_id === String(created.id),
    );
    expect(audit.before).toMatchObject({ title: created.title, priority: 'NORMAL', affectedSystemIds: [trindade.id] });
    expect(audit.after).toMatchObject({ title: 'Obras concluídas em parte', priority: 'LOW', affectedSystemIds: [] });
    expect(Object.keys(audit.after as object)).not.toContain('description');
    const kinds = (await api.get(`/events/${created.id}/timeline`)).json().map((row: { kind: string }) => row.kind);
    expect(kinds).toEqual(['CREATED', 'UPDATED']);
  });

  it('keeps a category that has since been deactivated, and moves the event to an entity in scope', async () => {
    const category = await createEventCategory(t.db);
    const created = (await api.post('/events', validEvent({ categoryId: category.id }))).json();
    await t.db.$client.query('update event_categories set active = false where id = $1', [category.id]);
    const response = await api.put(
      `/events/${created.id}`,
      validEvent({ categoryId: category.id, entityId: entityA1.id }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().entity).toEqual({ id: entityA1.id, name: entityA1.name });
    const timeline = (await api.get(`/events/${created.id}/timeline`)).json();
    expect(timeline.at(-1)).toMatchObject({
      kind: 'TRANSFER',
      fromEntity: { id: entityA.id },
      toEntity: { id: entityA1.id },
    });
  });

  it('answers 404 for an event of another entity and leaves it alone', async () => {
    const theirs = (await apiB.post('/events', validEvent({ title: 'Deles' }))).json();
    expectError(await api.put(`/events/${theirs.id}`, validEvent()), 404, 'NOT_FOUND');
    expect((await apiB.get(`/events/${theirs.id}`)).json().title).toBe('Deles');
    expectError(await api.put('/events/2147483647', validEvent()), 404, 'NOT_FOUND');
  });
});

describe('DELETE /api/events/{id}', () => {
  it('deletes the event with its documents and audits both', async () => {
    const created = (await api.post('/events', validEvent())).json();
    const [pdf] = await t.db
      .insert(documents)
      .values({
        ownerKind: 'EVENT',
        ownerId: created.id,
        category: 'FILE',
        title: 'Plano de desvio',
        filename: 'desvio.pdf',
        mimeType: 'application/pdf',
        size: 10,
        contents: makePdf(),
        isPublic: true,
      })
      .returning();
    expect((await api.get(`/events/${created.id}`)).json().documents).toEqual([
      expect.objectContaining({ id: pdf.id, title: 'Plano de desvio' }),
    ]);
    expect((await api.delete(`/events/${created.id}`)).json()).toEqual({ success: true });
    expectError(await api.get(`/events/${created.id}`), 404, 'NOT_FOUND');
    const { rows } = await t.db.$client.query('select 1 from documents where id = $1', [pdf.id]);
    expect(rows).toHaveLength(0);
    expect((await findAuditRows(t.db, 'DELETE', 'event')).some((row) => row.record_id === String(created.id))).toBe(
      true,
    );
    expect((await findAuditRows(t.db, 'DELETE', 'document')).some((row) => row.record_id === String(pdf.id))).toBe(
      true,
    );
  });

  it('answers 404 for an event of another entity and keeps it; needs WRITE_EVENT', async () => {
    const theirs = (await apiB.post('/events', validEvent())).json();
    expectError(await api.delete(`/events/${theirs.id}`), 404, 'NOT_FOUND');
    expect((await apiB.get(`/events/${theirs.id}`)).statusCode).toBe(200);
    const reader = await signInNewUser(t, { permissions: ['MANAGE_EVENTS'] });
    expectError(await callerOf(t, reader.authorization).delete(`/events/${theirs.id}`), 403, 'FORBIDDEN');
  });
});

describe('GET /api/events/{id}', () => {
  it('shows an event the caller’s entities answer for or raised, and 404 for others', async () => {
    const ours = (await api.post('/events', validEvent({ entityId: entityA1.id }))).json();
    expect((await api.get(`/events/${ours.id}`)).json()).toMatchObject({ id: ours.id, entity: { id: entityA1.id } });
    // B raised it but gave it to A: both see it.
    const allocatedToA = await createEventCategory(t.db, { allocatedToEntityId: entityA.id });
    const fromB = (await apiB.post('/events', validEvent({ categoryId: allocatedToA.id }))).json();
    expect((await api.get(`/events/${fromB.id}`)).statusCode).toBe(200);
    expect((await apiB.get(`/events/${fromB.id}`)).statusCode).toBe(200);
    const theirs = (await apiB.post('/events', validEvent())).json();
    expectError(await api.get(`/events/${theirs.id}`), 404, 'NOT_FOUND');
    expectError(await api.get('/events/2147483647'), 404, 'NOT_FOUND');
  });

  it('needs MANAGE_EVENTS', async () => {
    const created = (await api.post('/events', validEvent())).json();
    const plain = await signInNewUser(t, { permissions: ['WRITE_EVENT'] });
    expectError(await callerOf(t, plain.authorization).get(`/events/${created.id}`), 403, 'FORBIDDEN');
    expectError(await t.app.inject({ url: `/api/events/${created.id}` }), 401, 'UNAUTHORIZED');
  });
});

describe('GET /api/events/search', () => {
  /** An entity of its own and a user limited to it, so the list holds only this test's events. */
  async function ownCorner() {
    const entity = await createEntity(t.db, { name: `Canto ${unique()}` });
    const user = await signInNewUser(t, { permissions: WRITER, entityId: entity.id, entitiesAccessList: [entity.id] });
    return { entity, list: callerOf(t, user.authorization) };
  }
  const idsOf = (response: { json: () => { content: { id: number }[] } }) =>
    response.json().content.map((item) => item.id);

  it('lists the events in scope, latest start first, paged', async () => {
    const { entity, list } = await ownCorner();
    const older = await createEventRow(t.db, {
      categoryId: generic.id,
      entityId: entity.id,
      fromTimestamp: new Date(Date.now() - 5 * HOUR),
    });
    const newer = await createEventRow(t.db, { categoryId: closure.id, entityId: entity.id, priority: 'CRITICAL' });
    await createEventRow(t.db, { categoryId: generic.id, entityId: entityB.id });
    const response = await list.get('/events/search');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ totalItems: 2, sortBy: 'fromTimestamp', sortOrder: 'DESC' });
    expect(idsOf(response)).toEqual([newer.id, older.id]);
    expect(response.json().content[0]).toEqual({
      id: newer.id,
      title: newer.title,
      category: { id: closure.id, name: closure.name },
      isFuture: false,
      fromTimestamp: newer.fromTimestamp.toISOString(),
      toTimestamp: null,
      priority: 'CRITICAL',
      status: 'OPEN',
      isPublic: true,
      entity: { id: entity.id, name: entity.name },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const byPriority = await list.get('/events/search', { sortProperty: 'priority', sortDirection: 'ASC' });
    expect(idsOf(byPriority)).toEqual([older.id, newer.id]);
    const paged = await list.get('/events/search', { itemsPerPage: '1', currentPage: '1' });
    expect(paged.json()).toMatchObject({ totalItems: 2, totalPages: 2 });
    expect(idsOf(paged)).toEqual([older.id]);
  });

  it('filters by category, status, priority, entity, publicity, system and text', async () => {
    const { entity, list } = await ownCorner();
    const child = await createEntity(t.db, { parentId: entity.id });
    const tag = unique();
    const base = { categoryId: generic.id, entityId: entity.id };
    const closed = await createEventRow(t.db, { ...base, categoryId: closure.id, status: 'CLOSED' });
    const high = await createEventRow(t.db, { ...base, priority: 'HIGH', isPublic: false });
    const atChild = await createEventRow(t.db, { ...base, entityId: child.id, affectedSystemIds: [trindade.id] });
    const named = await createEventRow(t.db, { ...base, title: `Queda de árvore na Avenida ${tag}` });
    const cases: [Record<string, string | string[]>, number[]][] = [
      [{ categoryId: String(closure.id) }, [closed.id]],
      [{ status: 'CLOSED' }, [closed.id]],
      [{ status: ['OPEN', 'CLOSED'] }, [closed.id, high.id, atChild.id, named.id]],
      [{ priority: 'HIGH' }, [high.id]],
      [{ entityId: String(child.id) }, [atChild.id]],
      [{ isPublic: 'false' }, [high.id]],
      [{ systemId: String(trindade.id) }, [atChild.id]],
      [{ universalSearch: `arvore avenida ${tag}` }, [named.id]],
    ];
    for (const [query, expected] of cases) {
      const response = await list.get('/events/search', { ...query, sortProperty: 'id', sortDirection: 'ASC' });
      expect(response.statusCode, response.body).toBe(200);
      expect(idsOf(response), JSON.stringify(query)).toEqual(expected);
    }
  });

  it('filters by time, by the days an event spans and by when it was created', async () => {
    const { entity, list } = await ownCorner();
    const base = { categoryId: generic.id, entityId: entity.id };
    const current = await createEventRow(t.db, { ...base, toTimestamp: new Date(Date.now() + HOUR) });
    const future = await createEventRow(t.db, { ...base, fromTimestamp: new Date(Date.now() + 48 * HOUR) });
    const over = await createEventRow(t.db, {
      ...base,
      fromTimestamp: new Date(Date.now() - 72 * HOUR),
      toTimestamp: new Date(Date.now() - 48 * HOUR),
    });
    const resolved = await createEventRow(t.db, {
      ...base,
      status: 'RESOLVED',
      resolvedAt: new Date(Date.now() - HOUR / 2),
    });
    await t.db.$client.query(`update events set created_at = now() - interval '10 days' where id = $1`, [over.id]);
    const cases: [Record<string, string>, number[]][] = [
      [{ time: 'CURRENT' }, [current.id]],
      [{ time: 'FUTURE' }, [future.id]],
      [{ time: 'PAST' }, [over.id, resolved.id]],
      // Without an end, a finished event ends when it was resolved.
      [{ fromDate: at(24 * HOUR) }, [future.id]],
      [{ fromDate: at(-HOUR / 4) }, [current.id, future.id]],
      [{ fromDate: at(-60 * HOUR), toDate: at(-50 * HOUR) }, [over.id]],
      [{ toDate: at(-50 * HOUR) }, [over.id]],
      [{ createdBefore: at(-5 * 24 * HOUR) }, [over.id]],
    ];
    for (const [query, expected] of cases) {
      const response = await list.get('/events/search', { ...query, sortProperty: 'id', sortDirection: 'ASC' });
      expect(response.statusCode, response.body).toBe(200);
      expect(idsOf(response), JSON.stringify(query)).toEqual(expected);
    }
    expectFieldError(await list.get('/events/search', { time: 'SOON' }), 'time', 'INVALID_VALUE');
  });

  it('needs MANAGE_EVENTS', async () => {
    const plain = await signInNewUser(t, { permissions: ['WRITE_EVENT'] });
    expectError(await callerOf(t, plain.authorization).get('/events/search'), 403, 'FORBIDDEN');
  });
});

describe('GET /api/events/export', () => {
  it('downloads the filtered list of the caller’s events as CSV, formulas defused', async () => {
    const entity = await createEntity(t.db, { name: `Exportadora ${unique()}` });
    const user = await signInNewUser(t, { permissions: WRITER, entityId: entity.id, entitiesAccessList: [entity.id] });
    const exporter = callerOf(t, user.authorization);
    const first = await createEventRow(t.db, {
      categoryId: closure.id,
      entityId: entity.id,
      title: '=HYPERLINK("http://mal.example")',
      description: 'Linha 1\nLinha 2, com vírgula',
      direction: 'ONE_DIRECTION',
      subType: 'ROAD_CLOSED_EVENT',
      originEntityId: entity.id,
      affectedSystemIds: [trindade.id],
    });
    const second = await createEventRow(t.db, {
      categoryId: generic.id,
      entityId: entity.id,
      status: 'RESOLVED',
      fromTimestamp: new Date(Date.now() - 10 * HOUR),
    });
    await createEventRow(t.db, { categoryId: generic.id, entityId: entityB.id });
    const response = await exporter.get('/events/export');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="events-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(response.body.startsWith('\uFEFFid,title,category,')).toBe(true);
    const rows = parseCsv(response.body);
    expect(rows.map((row) => row.id)).toEqual([String(first.id), String(second.id)]);
    expect(rows[0]).toMatchObject({
      title: `'=HYPERLINK("http://mal.example")`,
      category: closure.name,
      categoryType: 'TRAFFIC_CLOSED',
      status: 'OPEN',
      priority: 'NORMAL',
      isPublic: 'true',
      entity: entity.name,
      originEntity: entity.name,
      direction: 'ONE_DIRECTION',
      subType: 'ROAD_CLOSED_EVENT',
      affectedSystems: 'Trindade',
      description: 'Linha 1\nLinha 2, com vírgula',
      fromTimestamp: first.fromTimestamp.toISOString(),
    });
    const resolvedOnly = parseCsv((await exporter.get('/events/export', { status: 'RESOLVED' })).body);
    expect(resolvedOnly.map((row) => row.id)).toEqual([String(second.id)]);
  });

  it('needs MANAGE_EVENTS', async () => {
    const plain = await signInNewUser(t, { permissions: ['WRITE_EVENT'] });
    expectError(await callerOf(t, plain.authorization).get('/events/export'), 403, 'FORBIDDEN');
  });
});

describe('POST /api/events/suggest-systems', () => {
  it('suggests active systems within about 50 m of the drawn parts, nearest first, ignoring alternative paths', async () => {
    const metro = await createMobilityGroup(t.db, { name: `Rede ${unique()}` });
    const stop = (name: string, coordinates: [number, number], active = true) =>
      createMobilitySystem(t.db, { groupId: metro.id, name, active, ...placedAt({ type: 'Point', coordinates }) });
    // About 17 m and 33 m east of the line; 150 m away; on the line but closed; on the alternative path only.
    const near = await stop('Bolhão', [-8.6058, 41.1492]);
    const fairlyNear = await stop('Santa Catarina', [-8.6057, 41.1485]);
    await stop('Longe', [-8.6042, 41.149]);
    await stop('Fechada', [-8.606, 41.149], false);
    await stop('Desvio', [-8.605, 41.1475 + 0.0125]);
    const route = await createMobilitySystem(t.db, {
      groupId: metro.id,
      name: 'Linha que cruza',
      systemType: 'ROUTE',
      ...placedAt({
        type: 'LineString',
        coordinates: [
          [-8.61, 41.15],
          [-8.6, 41.15],
        ],
      }),
    });
    const response = await api.post('/events/suggest-systems', {
      geojson: { ...SANTA_CATARINA, features: [...SANTA_CATARINA.features, ALTERNATIVE] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const mine = response.json().filter((system: { parentName: string }) => system.parentName === metro.name);
    expect(mine).toEqual([
      { id: route.id, name: 'Linha que cruza', parentName: metro.name },
      { id: near.id, name: 'Bolhão', parentName: metro.name },
      { id: fairlyNear.id, name: 'Santa Catarina', parentName: metro.name },
    ]);
  });

  it('reaches further round a part drawn as a circle', async () => {
    const metro = await createMobilityGroup(t.db, { name: `Rede ${unique()}` });
    // About 120 m north of the point: beyond 50 m, within the circle's 100 m plus 50 m.
    const around = await createMobilitySystem(t.db, {
      groupId: metro.id,
      ...placedAt({ type: 'Point', coordinates: [-8.6, 41.1511] }),
    });
    const point = { type: 'Point', coordinates: [-8.6, 41.15] };
    const asPoint = await api.post('/events/suggest-systems', {
      geojson: { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: point, properties: {} }] },
    });
    expect(asPoint.json().map((system: { id: number }) => system.id)).not.toContain(around.id);
    const asCircle = await api.post('/events/suggest-systems', {
      geojson: {
        type: 'FeatureCollection',
        features: [{ type: 'Feature', geometry: point, properties: { isCircle: true } }],
      },
    });
    expect(asCircle.json().map((system: { id: number }) => system.id)).toContain(around.id);
  });

  it('needs a drawn part', async () => {
    expectFieldError(await api.post('/events/suggest-systems', {}), 'geojson', 'MISSING_GEOMETRY');
    expectFieldError(
      await api.post('/events/suggest-systems', { geojson: { type: 'FeatureCollection', features: [ALTERNATIVE] } }),
      'geojson',
      'MISSING_GEOMETRY',
    );
  });
});
