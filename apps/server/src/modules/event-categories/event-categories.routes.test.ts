import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { createEventRow, createRuleTemplateRow } from '../../../test/event-factories.ts';
import { createEntity, createUser, signInNewUser } from '../../../test/factories.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { eventCategories, eventRequests, events } from '../../db/schema/index.ts';

const t = useTestApp();
const unique = () => randomBytes(4).toString('hex');

const ICON = '<svg viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#eb6609"/></svg>';

let api: TCaller;
let manager: { user: { id: number; entityId: number }; authorization: string };
let entity: { id: number; name: string };

beforeAll(async () => {
  entity = await createEntity(t.db, { name: `Câmara ${unique()}` });
  manager = await signInNewUser(t, { permissions: ['MANAGE_EVENT_CATEGORIES'], entityId: entity.id });
  api = callerOf(t, manager.authorization);
});

const validCategory = (overrides: Record<string, unknown> = {}) => ({
  name: `Obras na via ${unique()}`,
  categoryType: 'TRAFFIC_HAZARD',
  allowPublic: true,
  ...overrides,
});

/** A category straight in the database, for lists that must not depend on the POST route. */
async function insertCategory(values: Partial<typeof eventCategories.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(eventCategories)
    .values({ name: `Categoria ${unique()}`, ...values })
    .returning();
  return row;
}

async function insertEvent(categoryId: number) {
  const [row] = await t.db
    .insert(events)
    .values({
      title: 'Buraco na estrada',
      categoryId,
      fromTimestamp: new Date(),
      geojson: { type: 'FeatureCollection', features: [] },
      minLatitude: 41.15,
      maxLatitude: 41.15,
      minLongitude: -8.61,
      maxLongitude: -8.61,
      entityId: entity.id,
    })
    .returning();
  return row;
}

describe('POST /api/event-categories', () => {
  it('creates a category with every setting, sanitises the icon, answers it as base64 and audits it', async () => {
    const agent = await createUser(t.db, { entityId: entity.id, name: 'Joana Agente' });
    const response = await api.post(
      '/event-categories',
      validCategory({
        name: 'Corte de estrada',
        categoryType: 'TRAFFIC_CLOSED',
        icon: ICON.replace('<circle', '<script>alert(1)</script><circle onclick="steal()"'),
        allocatedToEntityId: entity.id,
        reportAgentUserId: agent.id,
        allowGeometry: false,
        allowPhotoUpload: false,
        eventStatuses: ['RESOLVED', 'IN_PROGRESS'],
        limitUserType: 'NORMAL',
        statusOnOriginReply: 'IN_PROGRESS',
        statusOnDestinationReply: 'RESOLVED',
        active: true,
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const category = response.json();
    expect(category).toMatchObject({
      name: 'Corte de estrada',
      categoryType: 'TRAFFIC_CLOSED',
      allowPublic: true,
      allocatedToEntity: { id: entity.id, name: entity.name },
      reportAgent: { id: agent.id, name: 'Joana Agente' },
      allowGeometry: false,
      allowPhotoUpload: false,
      // OPEN is always among them, in the lifecycle's order.
      eventStatuses: ['OPEN', 'IN_PROGRESS', 'RESOLVED'],
      limitUserType: 'NORMAL',
      statusOnOriginReply: 'IN_PROGRESS',
      statusOnDestinationReply: 'RESOLVED',
      active: true,
      eventsCount: 0,
    });
    expect(category.icon).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(category.icon.split(',')[1], 'base64').toString('utf8');
    expect(svg).toContain('<circle');
    expect(svg).not.toMatch(/script|onclick/);
    const [audit] = (await findAuditRows(t.db, 'CREATE', 'event_category')).filter(
      (row) => row.record_id === String(category.id),
    );
    expect(audit).toMatchObject({
      user_id: manager.user.id,
      after: { name: 'Corte de estrada', allocatedToEntityId: entity.id, reportAgentUserId: agent.id },
    });
    expect((audit.after as { icon: string }).icon).toMatch(/^sha1:/);
  });

  it('takes the defaults: generic settings off, every status, active', async () => {
    const response = await api.post('/event-categories', { name: `Avaria ${unique()}`, categoryType: 'GENERIC' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      icon: null,
      allowPublic: false,
      allowGeometry: true,
      allowPhotoUpload: true,
      eventStatuses: ['OPEN', 'IN_PROGRESS', 'PENDING', 'RESOLVED', 'CLOSED'],
      allocatedToEntity: null,
      reportAgent: null,
      limitUserType: null,
      active: true,
    });
  });

  it.each([
    ['a missing name', { name: undefined }, 'name', 'MISSING_NAME'],
    ['a blank name', { name: '   ' }, 'name', 'MISSING_NAME'],
    ['a name over 200 characters', { name: 'n'.repeat(201) }, 'name', 'INVALID_NAME'],
    ['a missing type', { categoryType: undefined }, 'categoryType', 'MISSING_TYPE'],
    ['an unknown type', { categoryType: 'FLOOD' }, 'categoryType', 'INVALID_TYPE'],
    ['an icon that is not an SVG', { icon: '<p>olá</p>' }, 'icon', 'INVALID_ICON'],
    ['an unknown entity', { allocatedToEntityId: 2_000_000_000 }, 'allocatedToEntityId', 'INVALID_ENTITY'],
    ['an unknown agent', { reportAgentUserId: 2_000_000_000 }, 'reportAgentUserId', 'INVALID_USER'],
    ['an unknown status', { eventStatuses: ['OPEN', 'DONE'] }, 'eventStatuses[1]', 'INVALID_STATUS'],
    [
      'a reply status outside its statuses',
      { eventStatuses: ['OPEN', 'RESOLVED'], statusOnOriginReply: 'PENDING' },
      'statusOnOriginReply',
      'INVALID_STATUS',
    ],
    ['an unknown user type', { limitUserType: 'ROBOT' }, 'limitUserType', 'INVALID_TYPE'],
    ['no active flag', { active: null }, 'active', 'MISSING_ENABLED'],
  ])('refuses %s', async (_case, overrides, property, error) => {
    expectFieldError(await api.post('/event-categories', validCategory(overrides)), property, error);
  });

  it('refuses an agent who is not a user of the chosen entity', async () => {
    const outsider = await createUser(t.db);
    expectFieldError(
      await api.post(
        '/event-categories',
        validCategory({ allocatedToEntityId: entity.id, reportAgentUserId: outsider.id }),
      ),
      'reportAgentUserId',
      'INVALID_USER',
    );
  });

  it('refuses a name already taken, whatever its case and accents', async () => {
    const name = `Perturbação ${unique()}`;
    expect((await api.post('/event-categories', validCategory({ name }))).statusCode).toBe(200);
    const again = name.toUpperCase().replace('Ç', 'C').replace('Ã', 'A');
    expectFieldError(await api.post('/event-categories', validCategory({ name: again })), 'name', 'DUPLICATE_NAME');
  });

  it('needs MANAGE_EVENT_CATEGORIES', async () => {
    const operator = await signInNewUser(t, { permissions: ['MANAGE_EVENTS', 'WRITE_EVENT'] });
    expectError(await callerOf(t, operator.authorization).post('/event-categories', validCategory()), 403, 'FORBIDDEN');
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/event-categories', payload: validCategory() }),
      401,
      'UNAUTHORIZED',
    );
  });
});

describe('PUT /api/event-categories/{id}', () => {
  it('changes the category and audits only the difference', async () => {
    const created = (await api.post('/event-categories', validCategory())).json();
    const response = await api.put(
      `/event-categories/${created.id}`,
      validCategory({ name: created.name, allowPublic: false, active: false }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ allowPublic: false, active: false });
    const [audit] = (await findAuditRows(t.db, 'UPDATE', 'event_category')).filter(
      (row) => row.record_id === String(created.id),
    );
    expect(audit.before).toEqual({ allowPublic: true, active: true });
    expect(audit.after).toEqual({ allowPublic: false, active: false });
  });

  it('keeps its own name but refuses another category’s', async () => {
    const first = (await api.post('/event-categories', validCategory())).json();
    const second = (await api.post('/event-categories', validCategory())).json();
    expect((await api.put(`/event-categories/${first.id}`, validCategory({ name: first.name }))).statusCode).toBe(200);
    expectFieldError(
      await api.put(`/event-categories/${first.id}`, validCategory({ name: second.name })),
      'name',
      'DUPLICATE_NAME',
    );
  });

  it('takes back the icon as it was answered, a base64 data URL, without an audited change', async () => {
    const created = (await api.post('/event-categories', validCategory({ icon: ICON }))).json();
    const response = await api.put(
      `/event-categories/${created.id}`,
      validCategory({ name: created.name, icon: created.icon }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().icon).toBe(created.icon);
    const audits = (await findAuditRows(t.db, 'UPDATE', 'event_category')).filter(
      (row) => row.record_id === String(created.id),
    );
    expect(audits[0].after).toEqual({});
  });

  it('answers 404 for an unknown category', async () => {
    expectError(await api.put('/event-categories/2147483647', validCategory()), 404, 'NOT_FOUND');
  });

  it('lets a manager limited to their entity neither take over another entity’s category nor send theirs away', async () => {
    const other = await createEntity(t.db);
    const limited = callerOf(
      t,
      (
        await signInNewUser(t, {
          permissions: ['MANAGE_EVENT_CATEGORIES'],
          entityId: entity.id,
          entitiesAccessList: [entity.id],
        })
      ).authorization,
    );
    const theirs = (await api.post('/event-categories', validCategory({ allocatedToEntityId: other.id }))).json();
    const taken = validCategory({ name: theirs.name, allocatedToEntityId: entity.id });
    expectError(await limited.put(`/event-categories/${theirs.id}`, taken), 404, 'NOT_FOUND');
    expectError(await limited.delete(`/event-categories/${theirs.id}`), 404, 'NOT_FOUND');
    const ours = (await limited.post('/event-categories', validCategory({ allocatedToEntityId: entity.id }))).json();
    expectFieldError(
      await limited.put(
        `/event-categories/${ours.id}`,
        validCategory({ name: ours.name, allocatedToEntityId: other.id }),
      ),
      'allocatedToEntityId',
      'INVALID_ENTITY',
    );
    const shared = (await limited.post('/event-categories', validCategory({ allocatedToEntityId: null }))).json();
    expect((await limited.put(`/event-categories/${shared.id}`, validCategory({ name: shared.name }))).statusCode).toBe(
      200,
    );
  });
});

describe('DELETE /api/event-categories/{id}', () => {
  it('deletes an unused category and audits it', async () => {
    const created = (await api.post('/event-categories', validCategory())).json();
    expect((await api.delete(`/event-categories/${created.id}`)).json()).toEqual({ success: true });
    expectError(await api.get(`/event-categories/${created.id}`), 404, 'NOT_FOUND');
    const [audit] = (await findAuditRows(t.db, 'DELETE', 'event_category')).filter(
      (row) => row.record_id === String(created.id),
    );
    expect(audit.before).toMatchObject({ name: created.name });
  });

  it('refuses a category with events or reports, saying which and how many', async () => {
    const withEvents = await insertCategory();
    await insertEvent(withEvents.id);
    await insertEvent(withEvents.id);
    const withRequests = await insertCategory();
    await t.db.insert(eventRequests).values({
      categoryId: withRequests.id,
      participantName: 'Rita',
      participantEmail: 'rita@example.com',
      title: 'Semáforo avariado',
      description: 'Não funciona',
    });
    const blocked = await api.delete(`/event-categories/${withEvents.id}`);
    expectError(blocked, 409, 'DELETE_FAILED');
    expect(blocked.json().blocked).toEqual({ reason: 'CATEGORY_HAS_EVENTS', name: withEvents.name, count: 2 });
    const byRequests = await api.delete(`/event-categories/${withRequests.id}`);
    expectError(byRequests, 409, 'DELETE_FAILED');
    expect(byRequests.json().blocked).toEqual({
      reason: 'CATEGORY_HAS_REQUESTS',
      name: withRequests.name,
      count: 1,
    });
    expect((await api.get(`/event-categories/${withEvents.id}`)).json().eventsCount).toBe(2);
  });

  it('refuses to delete the category a rule template opens its events in', async () => {
    const category = await insertCategory();
    const entity = await createEntity(t.db);
    await createRuleTemplateRow(t.db, { categoryId: category.id, entityId: entity.id });
    const blocked = await api.delete(`/event-categories/${category.id}`);
    expectError(blocked, 409, 'DELETE_FAILED');
    expect(blocked.json().blocked).toEqual({ reason: 'CATEGORY_HAS_RULES', name: category.name, count: 1 });
  });

  it('answers 404 for an unknown category', async () => {
    expectError(await api.delete('/event-categories/2147483647'), 404, 'NOT_FOUND');
  });
});

describe('GET /api/event-categories/list', () => {
  it('gives visitors the active public categories and staff every active one, by name', async () => {
    const tag = unique();
    const open = await insertCategory({ name: `A pública ${tag}`, allowPublic: true, icon: ICON });
    const internal = await insertCategory({ name: `B interna ${tag}`, allowPublic: false });
    const retired = await insertCategory({ name: `C retirada ${tag}`, allowPublic: true, active: false });
    const mine = (items: { id: number }[]) =>
      items.map((item) => item.id).filter((id) => [open.id, internal.id, retired.id].includes(id));

    const visitor = await t.app.inject({ url: '/api/event-categories/list' });
    expect(visitor.statusCode, visitor.body).toBe(200);
    expect(mine(visitor.json())).toEqual([open.id]);
    expect(visitor.json().find((item: { id: number }) => item.id === open.id)).toEqual({
      id: open.id,
      name: open.name,
      icon: `data:image/svg+xml;base64,${Buffer.from(ICON).toString('base64')}`,
      categoryType: 'GENERIC',
      allowGeometry: true,
      allowPhotoUpload: true,
    });
    // A signed-in user without the events permissions is a visitor here.
    const plain = callerOf(t, (await signInNewUser(t)).authorization);
    expect(mine((await plain.get('/event-categories/list')).json())).toEqual([open.id]);
    for (const permission of ['MANAGE_EVENTS', 'MANAGE_EVENT_CATEGORIES'] as const) {
      const staff = callerOf(t, (await signInNewUser(t, { permissions: [permission] })).authorization);
      expect(mine((await staff.get('/event-categories/list')).json())).toEqual([open.id, internal.id]);
    }
  });
});

describe('GET /api/event-categories/list on the public map', () => {
  it('also gives visitors a staff-only category when one of its incidents is public, so the map can filter it', async () => {
    const tag = unique();
    const entity = await createEntity(t.db);
    const shown = await insertCategory({ name: `Interna com ocorrência pública ${tag}`, allowPublic: false });
    const hidden = await insertCategory({ name: `Interna com ocorrência interna ${tag}`, allowPublic: false });
    await createEventRow(t.db, { categoryId: shown.id, entityId: entity.id, isPublic: true });
    await createEventRow(t.db, { categoryId: hidden.id, entityId: entity.id, isPublic: false });
    await createEventRow(t.db, { categoryId: hidden.id, entityId: entity.id, isPublic: true, status: 'RESOLVED' });

    const ids = (await t.app.inject({ url: '/api/event-categories/list' }))
      .json()
      .map((item: { id: number }) => item.id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(hidden.id);
  });
});

describe('GET /api/event-categories/search', () => {
  it('pages categories with the spec’s query, filtered and sorted, for staff', async () => {
    const tag = unique();
    const hazard = await insertCategory({ name: `Obras ${tag}`, categoryType: 'TRAFFIC_HAZARD', allowPublic: true });
    const generic = await insertCategory({ name: `Avaria ${tag}`, allowPublic: false, active: false });
    const response = await api.get('/event-categories/search', {
      sortProperty: 'name',
      sortDirection: 'ASC',
      currentPage: '0',
      itemsPerPage: '50',
      universalSearch: tag,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ totalItems: 2, sortBy: 'name', sortOrder: 'ASC' });
    expect(response.json().content.map((c: { id: number }) => c.id)).toEqual([generic.id, hazard.id]);
    expect(response.json().content[0]).toMatchObject({ id: generic.id, name: generic.name, active: false });
    const onlyPublic = await api.get('/event-categories/search', { isPublic: 'true', universalSearch: tag });
    expect(onlyPublic.json().content.map((c: { id: number }) => c.id)).toEqual([hazard.id]);
    const byType = await api.get('/event-categories/search', { categoryType: 'GENERIC', universalSearch: tag });
    expect(byType.json().content.map((c: { id: number }) => c.id)).toEqual([generic.id]);
  });

  it('gives visitors only public, active categories, without who handles them', async () => {
    const tag = unique();
    const agent = await createUser(t.db, { entityId: entity.id });
    const open = await insertCategory({
      name: `Pública ${tag}`,
      allowPublic: true,
      allocatedToEntityId: entity.id,
      reportAgentUserId: agent.id,
    });
    await insertEvent(open.id);
    await insertCategory({ name: `Interna ${tag}`, allowPublic: false });
    await insertCategory({ name: `Inativa ${tag}`, allowPublic: true, active: false });
    const response = await t.app.inject({
      url: '/api/event-categories/search',
      query: { isPublic: 'false', active: 'false', universalSearch: tag },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().content).toEqual([
      expect.objectContaining({
        id: open.id,
        name: open.name,
        allocatedToEntity: null,
        reportAgent: null,
        eventsCount: 0,
      }),
    ]);
  });
});

describe('GET /api/event-categories/{id}', () => {
  it('answers the category to event operators and category managers, 404 when unknown', async () => {
    const category = await insertCategory();
    const operator = callerOf(t, (await signInNewUser(t, { permissions: ['MANAGE_EVENTS'] })).authorization);
    expect((await operator.get(`/event-categories/${category.id}`)).json()).toMatchObject({ id: category.id });
    expect((await api.get(`/event-categories/${category.id}`)).statusCode).toBe(200);
    expectError(await api.get('/event-categories/2147483647'), 404, 'NOT_FOUND');
    const plain = callerOf(t, (await signInNewUser(t)).authorization);
    expectError(await plain.get(`/event-categories/${category.id}`), 403, 'FORBIDDEN');
  });
});
