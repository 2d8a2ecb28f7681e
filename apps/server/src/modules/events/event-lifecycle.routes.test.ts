import { randomBytes } from 'node:crypto';
import { type TPermission, ZEventInput } from '@mip/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { createEventCategory, createEventRow, SANTA_CATARINA } from '../../../test/event-factories.ts';
import { createEntity, signInNewUser } from '../../../test/factories.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createEvent } from './events.service.ts';

const t = useTestApp();
const unique = () => randomBytes(4).toString('hex');
const WRITER: TPermission[] = ['MANAGE_EVENTS', 'WRITE_EVENT'];

/**
 * The Metro (A, limited to its tree) raises events; the Câmara (B, limited
 * to its own) is responsible for some of them. Events of C belong to neither.
 */
let entityA: { id: number; name: string };
let entityB: { id: number; name: string };
let entityC: { id: number; name: string };
let metro: { user: { id: number; name: string }; authorization: string };
let api: TCaller;
let apiB: TCaller;
let category: { id: number };

beforeAll(async () => {
  entityA = await createEntity(t.db, { name: `Metro ${unique()}` });
  entityB = await createEntity(t.db, { name: `Câmara ${unique()}` });
  entityC = await createEntity(t.db, { name: `Outra ${unique()}` });
  metro = await signInNewUser(t, { permissions: WRITER, entityId: entityA.id, entitiesAccessList: [entityA.id] });
  api = callerOf(t, metro.authorization);
  // Status changes, comments and transfers need MANAGE_EVENTS only.
  const camara = await signInNewUser(t, {
    permissions: ['MANAGE_EVENTS'],
    entityId: entityB.id,
    entitiesAccessList: [entityB.id],
  });
  apiB = callerOf(t, camara.authorization);
  category = await createEventCategory(t.db);
});

const ourEvent = (values: Record<string, unknown> = {}) =>
  createEventRow(t.db, { categoryId: category.id, entityId: entityA.id, originEntityId: entityA.id, ...values });

describe('PUT /api/events/{id}/status', () => {
  it('walks the lifecycle: resolving and closing stamp the dates, reopening with a note clears them', async () => {
    const event = await ourEvent();
    const move = (status: string, note?: string) => api.put(`/events/${event.id}/status`, { status, note });
    const inProgress = await move('IN_PROGRESS', 'Equipa a caminho');
    expect(inProgress.statusCode, inProgress.body).toBe(200);
    expect(inProgress.json()).toMatchObject({
      status: 'IN_PROGRESS',
      nextStatuses: ['OPEN', 'PENDING', 'RESOLVED', 'CLOSED'],
      resolvedAt: null,
    });
    expect((await move('PENDING')).json().status).toBe('PENDING');
    const resolved = (await move('RESOLVED')).json();
    expect(resolved).toMatchObject({ status: 'RESOLVED', nextStatuses: ['OPEN', 'CLOSED'], closedAt: null });
    expect(Date.parse(resolved.resolvedAt)).toBeGreaterThan(Date.now() - 60_000);
    const closed = (await move('CLOSED')).json();
    expect(closed).toMatchObject({ status: 'CLOSED', nextStatuses: ['OPEN'], resolvedAt: resolved.resolvedAt });
    expect(closed.closedAt).not.toBeNull();
    const reopened = await move('OPEN', 'O buraco voltou a abrir');
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'OPEN', resolvedAt: null, closedAt: null });

    const timeline = (await api.get(`/events/${event.id}/timeline`)).json();
    expect(
      timeline.map((row: { kind: string; fromStatus: string; toStatus: string; note: string | null }) => [
        row.kind,
        row.fromStatus,
        row.toStatus,
        row.note,
      ]),
    ).toEqual([
      ['STATUS', 'OPEN', 'IN_PROGRESS', 'Equipa a caminho'],
      ['STATUS', 'IN_PROGRESS', 'PENDING', null],
      ['STATUS', 'PENDING', 'RESOLVED', null],
      ['STATUS', 'RESOLVED', 'CLOSED', null],
      ['STATUS', 'CLOSED', 'OPEN', 'O buraco voltou a abrir'],
    ]);
    expect(timeline[0].user).toEqual({ id: metro.user.id, name: metro.user.name });
    const audits = (await findAuditRows(t.db, 'STATUS_CHANGE', 'event')).filter(
      (row) => row.record_id === String(event.id),
    );
    expect(audits.map((row) => [row.before, row.after])).toContainEqual([
      { status: 'CLOSED' },
      { status: 'OPEN', note: 'O buraco voltou a abrir' },
    ]);
    expect(audits).toHaveLength(5);
  });

  it.each([
    ['OPEN', 'OPEN'],
    ['RESOLVED', 'IN_PROGRESS'],
    ['RESOLVED', 'PENDING'],
    ['CLOSED', 'RESOLVED'],
    ['CLOSED', 'IN_PROGRESS'],
  ] as const)('refuses %s → %s with 409 INVALID_STATUS_TRANSITION', async (from, to) => {
    const event = await ourEvent({ status: from });
    expectError(
      await api.put(`/events/${event.id}/status`, { status: to, note: 'Porque sim' }),
      409,
      'INVALID_STATUS_TRANSITION',
    );
    expect((await api.get(`/events/${event.id}`)).json().status).toBe(from);
  });

  it('needs a note to reopen a resolved or closed event', async () => {
    for (const status of ['RESOLVED', 'CLOSED'] as const) {
      const event = await ourEvent({ status });
      expectFieldError(await api.put(`/events/${event.id}/status`, { status: 'OPEN' }), 'note', 'MISSING_MESSAGE');
      expectFieldError(
        await api.put(`/events/${event.id}/status`, { status: 'OPEN', note: '   ' }),
        'note',
        'MISSING_MESSAGE',
      );
    }
  });

  it('keeps to the statuses of the event’s category', async () => {
    const short = await createEventCategory(t.db, { eventStatuses: ['OPEN', 'RESOLVED'] });
    const event = await ourEvent({ categoryId: short.id });
    expect((await api.get(`/events/${event.id}`)).json().nextStatuses).toEqual(['RESOLVED']);
    expectError(
      await api.put(`/events/${event.id}/status`, { status: 'IN_PROGRESS' }),
      409,
      'INVALID_STATUS_TRANSITION',
    );
    expect((await api.put(`/events/${event.id}/status`, { status: 'RESOLVED' })).json().status).toBe('RESOLVED');
  });

  it.each([
    ['a missing status', {}, 'status', 'MISSING_STATUS'],
    ['an unknown status', { status: 'DONE' }, 'status', 'INVALID_STATUS'],
    ['a note over 5000 characters', { status: 'PENDING', note: 'n'.repeat(5001) }, 'note', 'INVALID_MESSAGE'],
  ])('refuses %s', async (_case, body, property, error) => {
    const event = await ourEvent();
    expectFieldError(await api.put(`/events/${event.id}/status`, body), property, error);
  });

  it('answers 404 for an event out of scope; needs MANAGE_EVENTS', async () => {
    const theirs = await createEventRow(t.db, { categoryId: category.id, entityId: entityC.id });
    expectError(await api.put(`/events/${theirs.id}/status`, { status: 'PENDING' }), 404, 'NOT_FOUND');
    const plain = await signInNewUser(t, { permissions: ['WRITE_EVENT'] });
    expectError(
      await callerOf(t, plain.authorization).put(`/events/${theirs.id}/status`, { status: 'PENDING' }),
      403,
      'FORBIDDEN',
    );
  });
});

describe('comments on an event', () => {
  it('adds internal and public comments, lists them oldest first, and puts them on the timeline and audit', async () => {
    const event = await ourEvent();
    const first = await api.post(`/events/${event.id}/comments`, { message: 'Pedimos apoio à polícia' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      message: 'Pedimos apoio à polícia',
      isPublic: false,
      author: { id: metro.user.id, name: metro.user.name },
      entity: { id: entityA.id, name: entityA.name },
      createdAt: expect.any(String),
    });
    await api.post(`/events/${event.id}/comments`, { message: 'Circulação condicionada até às 18h', isPublic: true });
    const listed = (await api.get(`/events/${event.id}/comments`)).json();
    expect(
      listed.map((comment: { message: string; isPublic: boolean }) => [comment.message, comment.isPublic]),
    ).toEqual([
      ['Pedimos apoio à polícia', false],
      ['Circulação condicionada até às 18h', true],
    ]);
    const timeline = (await api.get(`/events/${event.id}/timeline`)).json();
    expect(timeline.map((row: { kind: string }) => row.kind)).toEqual(['COMMENT', 'COMMENT']);
    expect(timeline[0].comment).toMatchObject({ id: first.json().id, message: 'Pedimos apoio à polícia' });
    const [audit] = (await findAuditRows(t.db, 'COMMENT', 'event')).filter((row) => row.record_id === String(event.id));
    expect(audit.after).toMatchObject({ commentId: first.json().id, isPublic: false });
  });

  it.each([
    ['a missing message', {}, 'message', 'MISSING_MESSAGE'],
    ['a blank message', { message: '  ' }, 'message', 'MISSING_MESSAGE'],
    ['a message over 5000 characters', { message: 'm'.repeat(5001) }, 'message', 'INVALID_MESSAGE'],
  ])('refuses %s', async (_case, body, property, error) => {
    const event = await ourEvent();
    expectFieldError(await api.post(`/events/${event.id}/comments`, body), property, error);
  });

  it('moves the event as the category says when its responsible or its origin entity replies', async () => {
    const replying = await createEventCategory(t.db, {
      statusOnDestinationReply: 'IN_PROGRESS',
      statusOnOriginReply: 'PENDING',
    });
    // Raised by the Metro (A), the Câmara (B) answers for it.
    const event = await ourEvent({ categoryId: replying.id, entityId: entityB.id });
    await apiB.post(`/events/${event.id}/comments`, { message: 'Vamos tratar' });
    expect((await apiB.get(`/events/${event.id}`)).json().status).toBe('IN_PROGRESS');
    await api.post(`/events/${event.id}/comments`, { message: 'Ainda está por resolver?' });
    expect((await api.get(`/events/${event.id}`)).json().status).toBe('PENDING');
    const timeline = (await api.get(`/events/${event.id}/timeline`)).json();
    expect(timeline.map((row: { kind: string; toStatus: string | null }) => [row.kind, row.toStatus])).toEqual([
      ['COMMENT', null],
      ['STATUS', 'IN_PROGRESS'],
      ['COMMENT', null],
      ['STATUS', 'PENDING'],
    ]);
  });

  it('leaves the status alone when the move is not allowed from where the event is', async () => {
    const replying = await createEventCategory(t.db, { statusOnDestinationReply: 'IN_PROGRESS' });
    const event = await ourEvent({ categoryId: replying.id, status: 'CLOSED' });
    expect((await api.post(`/events/${event.id}/comments`, { message: 'Fechado' })).statusCode).toBe(200);
    expect((await api.get(`/events/${event.id}`)).json().status).toBe('CLOSED');
  });

  it('answers 404 for an event out of scope', async () => {
    const theirs = await createEventRow(t.db, { categoryId: category.id, entityId: entityC.id });
    expectError(await api.post(`/events/${theirs.id}/comments`, { message: 'Olá' }), 404, 'NOT_FOUND');
    expectError(await api.get(`/events/${theirs.id}/comments`), 404, 'NOT_FOUND');
    expectError(await api.get(`/events/${theirs.id}/timeline`), 404, 'NOT_FOUND');
  });
});

describe('POST /api/events/{id}/transfer', () => {
  it('hands the event to another entity with a note, on the timeline and in the audit', async () => {
    const event = await ourEvent();
    const response = await api.post(`/events/${event.id}/transfer`, { entityId: entityB.id, note: 'É da vossa área' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      entity: { id: entityB.id, name: entityB.name },
      originEntity: { id: entityA.id },
    });
    // B now sees it; A still does, having raised it.
    expect((await apiB.get(`/events/${event.id}`)).statusCode).toBe(200);
    const timeline = (await api.get(`/events/${event.id}/timeline`)).json();
    expect(timeline.at(-1)).toMatchObject({
      kind: 'TRANSFER',
      fromEntity: { id: entityA.id, name: entityA.name },
      toEntity: { id: entityB.id, name: entityB.name },
      note: 'É da vossa área',
    });
    const [audit] = (await findAuditRows(t.db, 'TRANSFER', 'event')).filter(
      (row) => row.record_id === String(event.id),
    );
    expect(audit).toMatchObject({ before: { entityId: entityA.id }, after: { entityId: entityB.id } });
  });

  it('refuses a missing, unknown, inactive or unchanged entity', async () => {
    const event = await ourEvent();
    const inactive = await createEntity(t.db);
    await t.db.$client.query('update entities set active = false where id = $1', [inactive.id]);
    expectFieldError(await api.post(`/events/${event.id}/transfer`, {}), 'entityId', 'MISSING_ENTITY');
    expectFieldError(await api.post(`/events/${event.id}/transfer`, { entityId: 'B' }), 'entityId', 'INVALID_ENTITY');
    for (const entityId of [2_000_000_000, inactive.id, entityA.id]) {
      expectFieldError(await api.post(`/events/${event.id}/transfer`, { entityId }), 'entityId', 'INVALID_ENTITY');
    }
  });

  it('answers 404 for an event out of scope and leaves it where it is', async () => {
    const theirs = await createEventRow(t.db, { categoryId: category.id, entityId: entityC.id });
    expectError(await api.post(`/events/${theirs.id}/transfer`, { entityId: entityA.id }), 404, 'NOT_FOUND');
    const { rows } = await t.db.$client.query('select entity_id from events where id = $1', [theirs.id]);
    expect(rows[0].entity_id).toBe(entityC.id);
  });
});

describe('POST /api/events/transfer', () => {
  const entityOf = async (id: number) =>
    (await t.db.$client.query('select entity_id from events where id = $1', [id])).rows[0].entity_id;

  it('hands every listed event over in one go', async () => {
    const first = await ourEvent();
    const second = await ourEvent();
    const already = await ourEvent({ entityId: entityB.id });
    const response = await api.post('/events/transfer', {
      ids: [first.id, second.id, already.id],
      entityId: entityB.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, transferred: 2 });
    for (const event of [first, second, already]) expect(await entityOf(event.id)).toBe(entityB.id);
    const audits = (await findAuditRows(t.db, 'TRANSFER', 'event')).map((row) => row.record_id);
    expect(audits).toEqual(expect.arrayContaining([String(first.id), String(second.id)]));
    expect(audits).not.toContain(String(already.id));
  });

  it('moves none when one of them is out of scope or missing', async () => {
    const mine = await ourEvent();
    const theirs = await createEventRow(t.db, { categoryId: category.id, entityId: entityC.id });
    for (const ids of [
      [mine.id, theirs.id],
      [mine.id, 2_000_000_000],
    ]) {
      expectFieldError(await api.post('/events/transfer', { ids, entityId: entityB.id }), 'ids', 'INVALID_EVENTS');
    }
    expect(await entityOf(mine.id)).toBe(entityA.id);
    expect(await entityOf(theirs.id)).toBe(entityC.id);
  });

  it('refuses an empty list and an unknown entity', async () => {
    const mine = await ourEvent();
    expectFieldError(await api.post('/events/transfer', { ids: [], entityId: entityB.id }), 'ids', 'MISSING_EVENTS');
    expectFieldError(await api.post('/events/transfer', { entityId: entityB.id }), 'ids', 'MISSING_EVENTS');
    expectFieldError(await api.post('/events/transfer', { ids: [mine.id] }), 'entityId', 'MISSING_ENTITY');
    expectFieldError(
      await api.post('/events/transfer', { ids: [mine.id], entityId: 2_000_000_000 }),
      'entityId',
      'INVALID_ENTITY',
    );
    expect(await entityOf(mine.id)).toBe(entityA.id);
  });
});

describe('createEvent (for accepted citizen reports)', () => {
  it('inserts inside the caller’s transaction, with a REQUEST_ACCEPTED timeline row and the audit row', async () => {
    const allocated = await createEventCategory(t.db, { allocatedToEntityId: entityA.id });
    const input = ZEventInput.parse({
      title: 'Semáforo avariado',
      categoryId: allocated.id,
      fromTimestamp: new Date().toISOString(),
      geojson: SANTA_CATARINA,
    });
    const actor = { userId: metro.user.id, impersonatorUserId: null, ip: null, userAgent: null };
    const id = await t.db.transaction((tx) =>
      createEvent(tx, input, actor, { createdBy: metro.user.id, originEntityId: null, eventRequestId: 987_654 }),
    );
    const event = (await api.get(`/events/${id}`)).json();
    expect(event).toMatchObject({ entity: { id: entityA.id }, originEntity: null, eventRequestId: 987_654 });
    const timeline = (await api.get(`/events/${id}/timeline`)).json();
    expect(timeline.map((row: { kind: string }) => row.kind)).toEqual(['REQUEST_ACCEPTED']);
    expect((await findAuditRows(t.db, 'CREATE', 'event')).some((row) => row.record_id === String(id))).toBe(true);
  });

  it('checks the input against the database but not the caller', async () => {
    const actor = { userId: null, impersonatorUserId: null, ip: null, userAgent: null };
    const input = ZEventInput.parse({
      title: 'Sem categoria',
      categoryId: 2_000_000_000,
      fromTimestamp: new Date().toISOString(),
      geojson: SANTA_CATARINA,
    });
    await expect(
      t.db.transaction((tx) => createEvent(tx, input, actor, { createdBy: null, originEntityId: entityA.id })),
    ).rejects.toMatchObject({
      code: 'FORM_ERROR',
      fieldErrors: [{ property: 'categoryId', error: 'INVALID_CATEGORY' }],
    });
    // Nobody to answer for it: no entity chosen, none on the category, no origin, no creator.
    const orphan = ZEventInput.parse({ ...input, categoryId: category.id });
    await expect(
      t.db.transaction((tx) => createEvent(tx, orphan, actor, { createdBy: null, originEntityId: null })),
    ).rejects.toMatchObject({ fieldErrors: [{ property: 'entityId', error: 'MISSING_ENTITY' }] });
  });
});
