import { randomBytes } from 'node:crypto';
import type { TPermission } from '@mip/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { createEventCategory, createEventRow } from '../../../test/event-factories.ts';
import { createEntity, signInNewUser } from '../../../test/factories.ts';
import { makePdf, makePng, multipartBody } from '../../../test/files.ts';
import { createMobilityGroup, createMobilitySystem } from '../../../test/mobility-factories.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { documents, eventComments, eventRequests } from '../../db/schema/index.ts';

const t = useTestApp();
const unique = () => randomBytes(4).toString('hex');
const HOUR = 3_600_000;
const WRITER: TPermission[] = ['MANAGE_EVENTS', 'WRITE_EVENT'];

let entity: { id: number };
let writer: { authorization: string };
let api: TCaller;
let category: { id: number; name: string };

beforeAll(async () => {
  entity = await createEntity(t.db);
  writer = await signInNewUser(t, { permissions: WRITER, entityId: entity.id, entitiesAccessList: [entity.id] });
  api = callerOf(t, writer.authorization);
  category = await createEventCategory(t.db, { name: `Obras ${unique()}`, categoryType: 'TRAFFIC_HAZARD' });
});

const visitorGet = (url: string, query?: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api${url}`, query, headers });

async function attach(
  ownerKind: 'EVENT' | 'EVENT_REQUEST',
  ownerId: number,
  category: 'PHOTO' | 'FILE',
  isPublic = true,
) {
  const [row] = await t.db
    .insert(documents)
    .values({
      ownerKind,
      ownerId,
      category,
      title: category === 'PHOTO' ? 'Fotografia do local' : 'Plano de desvio',
      filename: category === 'PHOTO' ? 'local.png' : 'desvio.pdf',
      mimeType: category === 'PHOTO' ? 'image/png' : 'application/pdf',
      size: 10,
      contents: category === 'PHOTO' ? makePng() : makePdf(),
      isPublic,
    })
    .returning();
  return row;
}

describe('GET /api/events/public/{id}', () => {
  it('shows a visitor the incident card with its public documents and public comments, newest first', async () => {
    const group = await createMobilityGroup(t.db, { name: `Metro ${unique()}` });
    const open = await createMobilitySystem(t.db, { groupId: group.id, name: 'Bolhão' });
    const closed = await createMobilitySystem(t.db, { groupId: group.id, name: 'Antiga', active: false });
    const event = await createEventRow(t.db, {
      categoryId: category.id,
      entityId: entity.id,
      title: 'Obras na Rua de Santa Catarina',
      description: 'Faixa cortada',
      priority: 'HIGH',
      direction: 'ONE_DIRECTION',
      subType: 'HAZARD_ON_ROAD_CONSTRUCTION',
      toTimestamp: new Date(Date.now() + 5 * HOUR),
      affectedSystemIds: [open.id, closed.id],
    });
    const photo = await attach('EVENT', event.id, 'PHOTO');
    const pdf = await attach('EVENT', event.id, 'FILE');
    await attach('EVENT', event.id, 'FILE', false);
    await t.db.insert(eventComments).values([
      { eventId: event.id, message: 'Nota interna', isPublic: false },
      { eventId: event.id, message: 'Trânsito alternado', isPublic: true },
      { eventId: event.id, message: 'Reabre às 18h', isPublic: true },
    ]);
    const response = await visitorGet(`/events/public/${event.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=30');
    const card = response.json();
    expect(card).toMatchObject({
      id: event.id,
      title: 'Obras na Rua de Santa Catarina',
      description: 'Faixa cortada',
      category: { id: category.id, name: category.name, categoryType: 'TRAFFIC_HAZARD' },
      isFuture: false,
      priority: 'HIGH',
      status: 'OPEN',
      direction: 'ONE_DIRECTION',
      subType: 'HAZARD_ON_ROAD_CONSTRUCTION',
      affectedSystems: [{ id: open.id, name: 'Bolhão', parentName: group.name }],
      files: [expect.objectContaining({ id: photo.id })],
      documents: [expect.objectContaining({ id: pdf.id })],
    });
    expect(card.updates.map((update: { message: string }) => update.message)).toEqual([
      'Reabre às 18h',
      'Trânsito alternado',
    ]);
    expect(Object.keys(card)).not.toContain('entity');
    expect(response.body).not.toContain('Nota interna');
    const again = await visitorGet(`/events/public/${event.id}`, undefined, {
      'if-none-match': String(response.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 unless the event is public, live and of an active category', async () => {
    const retired = await createEventCategory(t.db, { active: false });
    const base = { categoryId: category.id, entityId: entity.id };
    const hidden = [
      await createEventRow(t.db, { ...base, isPublic: false }),
      await createEventRow(t.db, { ...base, status: 'RESOLVED' }),
      await createEventRow(t.db, { ...base, status: 'CLOSED' }),
      await createEventRow(t.db, { ...base, categoryId: retired.id }),
    ];
    for (const event of hidden) {
      const response = await visitorGet(`/events/public/${event.id}`);
      expectError(response, 404, 'NOT_FOUND');
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expectError(await visitorGet('/events/public/2147483647'), 404, 'NOT_FOUND');
    const pending = await createEventRow(t.db, { ...base, status: 'PENDING' });
    expect((await visitorGet(`/events/public/${pending.id}`)).statusCode).toBe(200);
  });
});

describe('GET /api/events/public', () => {
  it('lists only what visitors may see: current and future, latest start first, never the rest', async () => {
    const own = await createEventCategory(t.db, { name: `Só deste teste ${unique()}` });
    const base = { categoryId: own.id, entityId: entity.id };
    const current = await createEventRow(t.db, { ...base, toTimestamp: new Date(Date.now() + HOUR) });
    const older = await createEventRow(t.db, { ...base, fromTimestamp: new Date(Date.now() - 5 * HOUR) });
    const soon = await createEventRow(t.db, { ...base, fromTimestamp: new Date(Date.now() + 2 * HOUR) });
    const later = await createEventRow(t.db, { ...base, fromTimestamp: new Date(Date.now() + 48 * HOUR) });
    await createEventRow(t.db, { ...base, isPublic: false });
    await createEventRow(t.db, { ...base, status: 'RESOLVED' });
    await createEventRow(t.db, { ...base, toTimestamp: new Date(Date.now() - HOUR / 2) });
    const list = (query: Record<string, string> = {}) =>
      visitorGet('/events/public', { categoryId: String(own.id), ...query });
    const all = await list();
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['cache-control']).toBe('public, max-age=30');
    expect(all.json()).toMatchObject({ totalItems: 4, sortBy: 'fromTimestamp', sortOrder: 'DESC' });
    const ids = (response: typeof all) => response.json().content.map((item: { id: number }) => item.id);
    expect(ids(all)).toEqual([later.id, soon.id, current.id, older.id]);
    expect(all.json().content[1]).toEqual({
      id: soon.id,
      title: soon.title,
      category: { id: own.id, name: own.name, icon: null, categoryType: 'GENERIC' },
      isFuture: true,
      fromTimestamp: soon.fromTimestamp.toISOString(),
      toTimestamp: null,
      priority: 'NORMAL',
      boundingBox: { minLatitude: 41.1478, maxLatitude: 41.1507, minLongitude: -8.6062, maxLongitude: -8.6058 },
      affectedSystems: [],
    });
    // Future ones soonest first, current ones latest start first.
    expect(ids(await list({ time: 'FUTURE' }))).toEqual([soon.id, later.id]);
    expect(ids(await list({ time: 'CURRENT' }))).toEqual([current.id, older.id]);
    expect(ids(await list({ time: 'CURRENT', sortProperty: 'fromTimestamp', sortDirection: 'ASC' }))).toEqual([
      older.id,
      current.id,
    ]);
    expectFieldError(await visitorGet('/events/public', { time: 'PAST' }), 'time', 'INVALID_VALUE');
  });

  it('filters by category, priority, creation date and text', async () => {
    const own = await createEventCategory(t.db);
    const tag = unique();
    const base = { categoryId: own.id, entityId: entity.id };
    const critical = await createEventRow(t.db, {
      ...base,
      priority: 'CRITICAL',
      title: `Inundação na Ribeira ${tag}`,
    });
    const old = await createEventRow(t.db, { ...base });
    await t.db.$client.query(`update events set created_at = now() - interval '8 days' where id = $1`, [old.id]);
    const ids = async (query: Record<string, string>) =>
      (await visitorGet('/events/public', { categoryId: String(own.id), ...query }))
        .json()
        .content.map((item: { id: number }) => item.id);
    expect(await ids({ priority: 'CRITICAL' })).toEqual([critical.id]);
    expect(await ids({ createdBefore: new Date(Date.now() - 7 * 24 * HOUR).toISOString() })).toEqual([old.id]);
    expect(await ids({ universalSearch: `inundacao ${tag}` })).toEqual([critical.id]);
  });
});

describe('documents of events', () => {
  function upload(fields: Record<string, string>, authorization: string) {
    const { payload, contentType } = multipartBody(fields, [{ filename: 'local.png', bytes: makePng() }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/documents',
      payload,
      headers: { 'content-type': contentType, authorization },
    });
  }
  const photo = (ownerId: number, ownerKind = 'EVENT') => ({
    ownerKind,
    ownerId: String(ownerId),
    category: 'PHOTO',
    title: 'No local',
  });

  it('lets WRITE_EVENT attach photos to events in scope, MANAGE_EVENTS read them', async () => {
    const event = await createEventRow(t.db, { categoryId: category.id, entityId: entity.id });
    const uploaded = await upload(photo(event.id), writer.authorization);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect((await api.get('/documents/list', { ownerKind: 'EVENT', ownerId: String(event.id) })).json()).toEqual([
      expect.objectContaining({ id: uploaded.json().id, category: 'PHOTO' }),
    ]);
    expect((await api.get(`/events/${event.id}`)).json().files).toEqual([
      expect.objectContaining({ id: uploaded.json().id }),
    ]);
    const reader = await signInNewUser(t, { permissions: ['MANAGE_EVENTS'], entityId: entity.id });
    expectError(await upload(photo(event.id), reader.authorization), 403, 'FORBIDDEN');
    expect((await callerOf(t, reader.authorization).get(`/documents/${uploaded.json().id}`)).statusCode).toBe(200);
    const other = await createEventRow(t.db, { categoryId: category.id, entityId: (await createEntity(t.db)).id });
    expectFieldError(await upload(photo(other.id), writer.authorization), 'ownerId', 'INVALID_OWNER');
    expectError(
      await api.get('/documents/list', { ownerKind: 'EVENT', ownerId: String(other.id) }),
      404,
      'DOCUMENT_NOT_FOUND',
    );
  });

  it('shows visitors the documents of an event only while the event is public', async () => {
    const event = await createEventRow(t.db, { categoryId: category.id, entityId: entity.id });
    const pdf = await attach('EVENT', event.id, 'FILE');
    expect((await visitorGet(`/documents/public/${pdf.id}`)).statusCode).toBe(200);
    expect((await visitorGet(`/documents/public/${pdf.id}/contents`)).statusCode).toBe(200);
    await api.put(`/events/${event.id}/status`, { status: 'RESOLVED' });
    expectError(await visitorGet(`/documents/public/${pdf.id}`), 404, 'DOCUMENT_NOT_FOUND');
    expectError(await visitorGet(`/documents/public/${pdf.id}/contents`), 404, 'DOCUMENT_NOT_FOUND');
  });

  it('keeps the photos of a citizen report with the Events console, never the public', async () => {
    const [request] = await t.db
      .insert(eventRequests)
      .values({
        categoryId: category.id,
        participantName: 'Rui',
        participantEmail: 'rui@example.com',
        title: 'Buraco',
        description: 'Grande',
      })
      .returning();
    const picture = await attach('EVENT_REQUEST', request.id, 'PHOTO', false);
    expect(
      (await api.get('/documents/list', { ownerKind: 'EVENT_REQUEST', ownerId: String(request.id) })).json(),
    ).toEqual([expect.objectContaining({ id: picture.id })]);
    expect((await api.get(`/documents/${picture.id}`)).statusCode).toBe(200);
    const plain = callerOf(t, (await signInNewUser(t)).authorization);
    expectError(await plain.get(`/documents/${picture.id}`), 404, 'DOCUMENT_NOT_FOUND');
    expectError(await visitorGet(`/documents/public/${picture.id}`), 404, 'DOCUMENT_NOT_FOUND');
    expectFieldError(
      await upload(photo(2_000_000_000, 'EVENT_REQUEST'), writer.authorization),
      'ownerId',
      'INVALID_OWNER',
    );
  });
});

describe('live events on a mobility system', () => {
  it('lists public live events on the public card, and the console’s own in scope too', async () => {
    // The writer's own network: the console's read of a system is in the scope of the group's entity.
    const group = await createMobilityGroup(t.db, { entityId: entity.id });
    const system = await createMobilitySystem(t.db, { name: `Trindade ${unique()}`, groupId: group.id });
    const base = { categoryId: category.id, entityId: entity.id, affectedSystemIds: [system.id] };
    const publicOne = await createEventRow(t.db, { ...base, title: 'Escada rolante parada' });
    const internal = await createEventRow(t.db, { ...base, title: 'Inspeção técnica', isPublic: false });
    await createEventRow(t.db, { ...base, title: 'Já resolvido', status: 'RESOLVED' });
    const elsewhere = await createEventRow(t.db, {
      ...base,
      entityId: (await createEntity(t.db)).id,
      isPublic: false,
      title: 'De outra entidade',
    });
    const details = await visitorGet(`/mobility-system/${system.id}/details`);
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json().activeEvents).toEqual([{ id: publicOne.id, title: 'Escada rolante parada' }]);
    const console = (await api.get(`/mobility-systems/${system.id}`)).json();
    expect(console.activeEvents.map((event: { id: number }) => event.id).sort()).toEqual(
      [publicOne.id, internal.id].sort(),
    );
    expect(console.activeEvents.map((event: { id: number }) => event.id)).not.toContain(elsewhere.id);
    const systemsOnly = callerOf(t, (await signInNewUser(t, { permissions: ['WRITE_MOBILITY_SYSTEM'] })).authorization);
    expect((await systemsOnly.get(`/mobility-systems/${system.id}`)).json().activeEvents).toEqual([
      { id: publicOne.id, title: 'Escada rolante parada' },
    ]);
  });
});
