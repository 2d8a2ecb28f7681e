import { EVENT_REQUEST_HOURLY_LIMIT, type TEventRequestInput } from '@mip/shared';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError, waitFor } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { createReportCategory, nextAddress, noisyPng, photoWithGps } from '../../../test/event-request-factories.ts';
import { createEntity, signInNewUser } from '../../../test/factories.ts';
import { makePdf, makePng } from '../../../test/files.ts';
import { waitForJobs } from '../../../test/jobs.ts';
import { createMobilitySystem } from '../../../test/mobility-factories.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { documents, eventRequests, events, eventTimeline } from '../../db/schema/index.ts';
import { jobIdFor } from '../../jobs/job-ids.ts';
import { sendEmail } from '../../jobs/send-email.ts';
import { readPhotoPosition } from '../../lib/photos.ts';
import { hashToken } from '../../lib/tokens.ts';
import { queueResolutionMail } from './event-request-mail.ts';

const t = useTestApp();

let staff: TCaller & { userId: number; entityId: number };
let staffName: string;
let plain: TCaller;
let anonymous: TCaller;

beforeAll(async () => {
  const manager = await signInNewUser(t, { permissions: ['MANAGE_EVENTS'], name: 'Marta Operadora' });
  staff = { ...callerOf(t, manager.authorization), userId: manager.user.id, entityId: manager.user.entityId };
  staffName = manager.user.name;
  plain = callerOf(t, (await signInNewUser(t, { permissions: [] })).authorization);
  anonymous = callerOf(t, '');
});

const POINT = { type: 'Point', coordinates: [-8.6094, 41.1522] };

function reportOf(categoryId: number, overrides: Partial<TEventRequestInput> = {}): TEventRequestInput {
  return {
    categoryId,
    participantName: 'Joana Silva',
    participantEmail: 'joana.silva@example.pt',
    title: 'Buraco na Rua de Camões',
    description: 'Um buraco grande junto à paragem, perigoso para motas.',
    geometry: POINT as TEventRequestInput['geometry'],
    ...overrides,
  };
}

/** Reports as a visitor from an address of its own (or the one given). */
function post(payload: unknown, remoteAddress = nextAddress()) {
  return t.app.inject({ method: 'POST', url: '/api/event-requests/', payload: payload as object, remoteAddress });
}

async function report(categoryId: number, overrides: Partial<TEventRequestInput> = {}) {
  const response = await post(reportOf(categoryId, overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as number;
}

async function countRows() {
  const { rows } = await t.db.execute<{ requests: number; photos: number }>(
    sql`select (select count(*)::int from event_requests) as requests,
               (select count(*)::int from documents where owner_kind = 'EVENT_REQUEST') as photos`,
  );
  return rows[0];
}

const photosOf = (ownerKind: 'EVENT' | 'EVENT_REQUEST', ownerId: number) =>
  t.db
    .select()
    .from(documents)
    .where(and(eq(documents.ownerKind, ownerKind), eq(documents.ownerId, ownerId)))
    .orderBy(documents.id);

const photo = (filename: string, bytes: Buffer) => ({ filename, contents: bytes.toString('base64') });

describe('POST /api/event-requests/', () => {
  it('lets a visitor report an occurrence with its systems and photos, stripped of their EXIF', async () => {
    const category = await createReportCategory(t.db);
    const system = await createMobilitySystem(t.db);
    const original = await photoWithGps();
    expect(await readPhotoPosition(original)).not.toBeNull();
    const remoteAddress = nextAddress();

    const response = await post(
      reportOf(category.id, {
        images: [photo('foto do buraco.jpg', original), photo('mapa.png', makePng(4, 3))],
        affectedSystems: [system.id, system.id],
        language: 'en-US',
      }),
      remoteAddress,
    );

    expect(response.statusCode, response.body).toBe(200);
    const { id, status } = response.json();
    expect(status).toBe('PENDING');
    const [row] = await t.db.select().from(eventRequests).where(eq(eventRequests.id, id));
    expect(row).toMatchObject({
      categoryId: category.id,
      participantName: 'Joana Silva',
      participantEmail: 'joana.silva@example.pt',
      geometry: POINT,
      status: 'PENDING',
      source: 'PORTAL',
      language: 'en-US',
      eventId: null,
    });
    const photos = await photosOf('EVENT_REQUEST', id);
    expect(photos.map((document) => [document.title, document.mimeType, document.category])).toEqual([
      ['foto do buraco.jpg', 'image/jpeg', 'PHOTO'],
      ['mapa.png', 'image/png', 'PHOTO'],
    ]);
    for (const document of photos) {
      expect(document).toMatchObject({ isPublic: false, entityId: null, createdBy: null });
      expect(document.size).toBe(document.contents.length);
      expect(await readPhotoPosition(document.contents)).toBeNull();
      expect((await sharp(document.contents).metadata()).exif).toBeUndefined();
    }
    expect(await sharp(photos[0].contents).metadata()).toMatchObject({ format: 'jpeg', width: 40, height: 30 });

    const [audit] = (await findAuditRows(t.db, 'CREATE', 'event_request')).filter((a) => a.record_id === String(id));
    expect(audit).toMatchObject({ user_id: null, ip: remoteAddress });
    expect(audit.after).toMatchObject({ categoryId: category.id, photos: 2, affectedSystemIds: [system.id] });
    expect(JSON.stringify(audit.after)).not.toContain('joana');
  });

  it('takes a report without a location or photos', async () => {
    const category = await createReportCategory(t.db);
    const id = await report(category.id, { geometry: null });
    const [row] = await t.db.select().from(eventRequests).where(eq(eventRequests.id, id));
    expect(row.geometry).toBeNull();
  });

  it.each([
    ['categoryId', 'MISSING_CATEGORY'],
    ['participantName', 'MISSING_PARTICIPANT_NAME'],
    ['participantEmail', 'MISSING_PARTICIPANT_EMAIL'],
    ['title', 'MISSING_TITLE'],
    ['description', 'MISSING_DESCRIPTION'],
  ])('answers %s missing with %s on the field, absent or blank', async (field, code) => {
    const category = await createReportCategory(t.db);
    const { [field as keyof TEventRequestInput]: _left, ...rest } = reportOf(category.id);
    expectFieldError(await post(rest), field, code);
    if (field !== 'categoryId') expectFieldError(await post({ ...reportOf(category.id), [field]: '   ' }), field, code);
  });

  it('answers INVALID_EMAIL for an address that is none', async () => {
    const category = await createReportCategory(t.db);
    expectFieldError(
      await post(reportOf(category.id, { participantEmail: 'joana@' })),
      'participantEmail',
      'INVALID_EMAIL',
    );
  });

  it('refuses a category that does not exist, is inactive or is not open to the public', async () => {
    const inactive = await createReportCategory(t.db, { active: false });
    const internal = await createReportCategory(t.db, { allowPublic: false });
    for (const categoryId of [2_000_000_000, inactive.id, internal.id]) {
      expectFieldError(await post(reportOf(categoryId)), 'categoryId', 'INVALID_CATEGORY');
    }
    expectFieldError(await post(reportOf(0)), 'categoryId', 'INVALID_CATEGORY');
  });

  it('refuses a location the category does not take, and a malformed one', async () => {
    const noPlace = await createReportCategory(t.db, { allowGeometry: false });
    expectFieldError(await post(reportOf(noPlace.id)), 'geometry', 'INVALID_GEOMETRY');
    expect((await post(reportOf(noPlace.id, { geometry: null }))).statusCode).toBe(200);
    const category = await createReportCategory(t.db);
    expectFieldError(
      await post({ ...reportOf(category.id), geometry: { type: 'Point', coordinates: ['a'] } }),
      'geometry',
      'INVALID_GEOMETRY',
    );
  });

  it('refuses photos when the category takes none', async () => {
    const noPhotos = await createReportCategory(t.db, { allowPhotoUpload: false });
    expectFieldError(
      await post(reportOf(noPhotos.id, { images: [photo('a.png', makePng())] })),
      'images',
      'INVALID_FILE',
    );
  });

  it('refuses a fourth photo with TOO_MANY_FILES', async () => {
    const category = await createReportCategory(t.db);
    const images = Array.from({ length: 4 }, (_, i) => photo(`${i}.png`, makePng()));
    expectFieldError(await post(reportOf(category.id, { images })), 'images', 'TOO_MANY_FILES');
  });

  it('refuses a photo without a name or contents with INVALID_FILE', async () => {
    const category = await createReportCategory(t.db);
    expectFieldError(
      await post(reportOf(category.id, { images: [{ filename: '', contents: 'aGVsbG8=' }] })),
      'images[0].filename',
      'INVALID_FILE',
    );
    expectFieldError(
      await post(reportOf(category.id, { images: [{ filename: 'a.png', contents: '' }] })),
      'images[0].contents',
      'INVALID_FILE',
    );
  });

  it('writes nothing when one photo is not a picture, and names it', async () => {
    const category = await createReportCategory(t.db);
    const before = await countRows();
    const response = await post(
      reportOf(category.id, { images: [photo('bom.png', makePng()), photo('horario.jpg', makePdf())] }),
    );
    expectFieldError(response, 'images[1].contents', 'INVALID_FILE_TYPE');
    expect(response.json().message).toContain('horario.jpg');
    expect(await countRows()).toEqual(before);
  });

  it('refuses a photo over 5 MB with FILE_TOO_LARGE, and takes three large ones in one report', async () => {
    const category = await createReportCategory(t.db);
    const large = photo('grande.png', await noisyPng(1_500_000));
    const id = await report(category.id, { images: [large, large, large] });
    expect(await photosOf('EVENT_REQUEST', id)).toHaveLength(3);

    const huge = { filename: 'enorme.jpg', contents: 'A'.repeat(7 * 1024 * 1024) };
    expectFieldError(await post(reportOf(category.id, { images: [huge] })), 'images[0].contents', 'FILE_TOO_LARGE');
  });

  it('refuses systems that do not exist', async () => {
    const category = await createReportCategory(t.db);
    expectFieldError(
      await post(reportOf(category.id, { affectedSystems: [2_000_000_000] })),
      'affectedSystems',
      'INVALID_AFFECTED_SYSTEMS',
    );
  });

  it(`asks an address to wait after ${EVENT_REQUEST_HOURLY_LIMIT} reports in an hour, and only that address`, async () => {
    const category = await createReportCategory(t.db);
    const address = nextAddress();
    for (let i = 0; i < EVENT_REQUEST_HOURLY_LIMIT; i++) {
      expect((await post(reportOf(category.id), address)).statusCode).toBe(200);
    }
    const refused = await post(reportOf(category.id), address);
    expectError(refused, 429, 'TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect((await post(reportOf(category.id))).statusCode).toBe(200);
  });
});

describe('GET /api/event-requests/search and /api/event-requests/:id', () => {
  it('are for staff with MANAGE_EVENTS only', async () => {
    const category = await createReportCategory(t.db);
    const id = await report(category.id);
    expectError(await anonymous.get('/event-requests/search'), 401, 'UNAUTHORIZED');
    expectError(await anonymous.get(`/event-requests/${id}`), 401, 'UNAUTHORIZED');
    expectError(await plain.get('/event-requests/search'), 403, 'FORBIDDEN');
    expectError(await plain.get(`/event-requests/${id}`), 403, 'FORBIDDEN');
  });

  it('lists reports newest first, filtered by status, category and words, paged', async () => {
    const category = await createReportCategory(t.db);
    const first = await report(category.id, { title: 'Semáforo avariado na Boavista' });
    const second = await report(category.id, { title: 'Passeio partido' });
    const response = await staff.get('/event-requests/search', { categoryId: String(category.id) });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(page.content.map((item: { id: number }) => item.id)).toEqual([second, first]);
    expect(page.content[0]).toMatchObject({
      title: 'Passeio partido',
      category: { id: category.id, name: category.name },
      participantName: 'Joana Silva',
      status: 'PENDING',
      responsibleEntity: null,
    });
    expect(page).toMatchObject({ totalItems: 2, sortBy: 'date', sortOrder: 'DESC' });

    const bySearch = await staff.get('/event-requests/search', {
      categoryId: String(category.id),
      universalSearch: 'semaforo BOAVISTA',
    });
    expect(bySearch.json().content.map((item: { id: number }) => item.id)).toEqual([first]);

    await staff.post(`/event-requests/${first}/reject`, { reason: 'Repetido' });
    const pending = await staff.get('/event-requests/search', { categoryId: String(category.id), status: 'PENDING' });
    expect(pending.json().content.map((item: { id: number }) => item.id)).toEqual([second]);
    const paged = await staff.get('/event-requests/search', {
      categoryId: String(category.id),
      itemsPerPage: '1',
      currentPage: '1',
      sortProperty: 'title',
      sortDirection: 'ASC',
    });
    expect(paged.json()).toMatchObject({ totalItems: 2, totalPages: 2, content: [{ id: first }] });
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    const dated = async (fromDate: string, toDate: string) =>
      (await staff.get('/event-requests/search', { categoryId: String(category.id), fromDate, toDate })).json()
        .totalItems;
    expect(await dated(inDays(-1), inDays(1))).toBe(2);
    expect(await dated(inDays(1), inDays(2))).toBe(0);
  });

  it('shows a limited user only the reports of categories allocated within their entities, or to none', async () => {
    const mine = await createEntity(t.db);
    const child = await createEntity(t.db, { parentId: mine.id });
    const other = await createEntity(t.db);
    const inChild = await report((await createReportCategory(t.db, { allocatedToEntityId: child.id })).id);
    const unallocated = await report((await createReportCategory(t.db)).id);
    const elsewhere = await report((await createReportCategory(t.db, { allocatedToEntityId: other.id })).id);
    const limited = callerOf(
      t,
      (await signInNewUser(t, { permissions: ['MANAGE_EVENTS'], entityId: mine.id, entitiesAccessList: [mine.id] }))
        .authorization,
    );

    const listed = (await limited.get('/event-requests/search', { itemsPerPage: '500' }))
      .json()
      .content.map((item: { id: number }) => item.id);
    expect(listed).toEqual(expect.arrayContaining([inChild, unallocated]));
    expect(listed).not.toContain(elsewhere);
    expect((await limited.get(`/event-requests/${inChild}`)).statusCode).toBe(200);
    expectError(await limited.get(`/event-requests/${elsewhere}`), 404, 'NOT_FOUND');
    expectError(await limited.post(`/event-requests/${elsewhere}/reject`, { reason: 'x' }), 404, 'NOT_FOUND');
    expectError(await limited.post(`/event-requests/${elsewhere}/accept`, {}), 404, 'NOT_FOUND');
    expect((await staff.get(`/event-requests/${elsewhere}`)).statusCode).toBe(200);
  });

  it("keeps a report's photos from staff whose entities do not handle it", async () => {
    const mine = await createEntity(t.db);
    const other = await createEntity(t.db);
    const id = await report((await createReportCategory(t.db, { allocatedToEntityId: other.id })).id, {
      images: [photo('matricula.png', makePng())],
    });
    const [stored] = await photosOf('EVENT_REQUEST', id);
    const limited = callerOf(
      t,
      (await signInNewUser(t, { permissions: ['MANAGE_EVENTS'], entityId: mine.id, entitiesAccessList: [mine.id] }))
        .authorization,
    );

    expect((await staff.get(`/documents/${stored.id}`)).statusCode).toBe(200);
    expect((await limited.get(`/documents/${stored.id}`)).statusCode).toBe(404);
    expect((await anonymous.get(`/documents/public/${stored.id}`)).statusCode).toBe(404);
  });

  it('reads a report with its category agent and entity, photos, systems and place', async () => {
    const entity = await createEntity(t.db, { name: 'Câmara Municipal do Porto' });
    const agent = await signInNewUser(t, { permissions: ['MANAGE_EVENTS'], name: 'Rui Agente' });
    const category = await createReportCategory(t.db, {
      allocatedToEntityId: entity.id,
      reportAgentUserId: agent.user.id,
    });
    const system = await createMobilitySystem(t.db);
    const id = await report(category.id, { images: [photo('foto.png', makePng())], affectedSystems: [system.id] });

    const response = await staff.get(`/event-requests/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      categoryId: category.id,
      category: {
        id: category.id,
        name: category.name,
        initialAgent: { id: agent.user.id, name: 'Rui Agente' },
        initialAgentEntity: { id: entity.id, name: 'Câmara Municipal do Porto' },
        allowGeometry: true,
        allowPhotoUpload: true,
      },
      participantName: 'Joana Silva',
      participantEmail: 'joana.silva@example.pt',
      geometry: POINT,
      images: [{ title: 'foto.png', filename: 'foto.png', type: 'image/png', category: 'PHOTO', isPublic: false }],
      affectedSystems: [{ id: system.id, name: system.name, parentName: expect.any(String) }],
      status: 'PENDING',
      reason: null,
      closedBy: null,
      closedAt: null,
      event: null,
      language: 'pt-PT',
    });
    expectError(await staff.get('/event-requests/2000000000'), 404, 'NOT_FOUND');
  });
});

describe('POST /api/event-requests/:id/accept', () => {
  it('creates the event from the report, linked both ways, with its photos, and emails the reporter', async () => {
    const entity = await createEntity(t.db);
    const category = await createReportCategory(t.db, { allocatedToEntityId: entity.id });
    const system = await createMobilitySystem(t.db);
    const id = await report(category.id, {
      images: [photo('foto.jpg', await photoWithGps())],
      affectedSystems: [system.id],
      language: 'en-US',
    });

    const response = await staff.post(`/event-requests/${id}/accept`, { priority: 'HIGH', isPublic: true });

    expect(response.statusCode, response.body).toBe(200);
    const accepted = response.json();
    expect(accepted).toMatchObject({
      status: 'ACCEPTED',
      closedBy: { id: staff.userId, name: staffName },
      closedAt: expect.any(String),
      event: { id: expect.any(Number), title: 'Buraco na Rua de Camões', status: 'OPEN' },
    });
    const eventId = accepted.event.id as number;
    const [event] = await t.db.select().from(events).where(eq(events.id, eventId));
    expect(event).toMatchObject({
      title: 'Buraco na Rua de Camões',
      description: 'Um buraco grande junto à paragem, perigoso para motas.',
      categoryId: category.id,
      priority: 'HIGH',
      isPublic: true,
      status: 'OPEN',
      entityId: entity.id,
      originEntityId: entity.id,
      createdBy: staff.userId,
      eventRequestId: id,
      geojson: { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: POINT, properties: {} }] },
    });
    expect(Math.abs(event.fromTimestamp.getTime() - Date.now())).toBeLessThan(60_000);
    const [request] = await t.db.select().from(eventRequests).where(eq(eventRequests.id, id));
    expect(request).toMatchObject({ status: 'ACCEPTED', eventId, closedBy: staff.userId });

    const { rows: systems } = await t.db.execute(
      sql`select system_id from event_affected_systems where event_id = ${eventId}`,
    );
    expect(systems).toEqual([{ system_id: system.id }]);
    const eventPhotos = await photosOf('EVENT', eventId);
    expect(eventPhotos).toHaveLength(1);
    expect(eventPhotos[0]).toMatchObject({
      title: 'foto.jpg',
      category: 'PHOTO',
      isPublic: true,
      mimeType: 'image/jpeg',
    });
    expect(await readPhotoPosition(eventPhotos[0].contents)).toBeNull();
    // Visitors see the photo with the public event; the report's own copy stays with staff.
    expect((await anonymous.get(`/documents/public/${eventPhotos[0].id}/contents`)).statusCode).toBe(200);
    const [requestPhoto] = await photosOf('EVENT_REQUEST', id);
    expect((await anonymous.get(`/documents/public/${requestPhoto.id}/contents`)).statusCode).toBe(404);
    expect((await staff.get(`/documents/${requestPhoto.id}`)).statusCode).toBe(200);

    const timeline = await t.db.select().from(eventTimeline).where(eq(eventTimeline.eventId, eventId));
    expect(timeline.map((entry) => entry.kind)).toContain('REQUEST_ACCEPTED');
    const [audit] = (await findAuditRows(t.db, 'ACCEPT', 'event_request')).filter((a) => a.record_id === String(id));
    expect(audit).toMatchObject({ user_id: staff.userId, after: { status: 'ACCEPTED', eventId } });

    const mail = await waitFor(() =>
      t.mails.find((m) => m.to === 'joana.silva@example.pt' && m.subject.includes(`no. ${id} accepted`)),
    );
    expect(mail.subject).toBe(`Occurrence report no. ${id} accepted`);
    expect(mail.text).toContain(`http://mip.test/?occurrence=${eventId}`);
    expect(mail.text).toContain('Hello Joana Silva');
  });

  it("makes the accepting user's entity responsible when the category is allocated to none", async () => {
    const id = await report((await createReportCategory(t.db)).id);
    const accepted = (await staff.post(`/event-requests/${id}/accept`, {})).json();
    const [event] = await t.db.select().from(events).where(eq(events.id, accepted.event.id));
    expect(event).toMatchObject({ entityId: staff.entityId, originEntityId: staff.entityId, priority: 'NORMAL' });
  });

  it('needs a drawn geometry for a report without a place, and uses it', async () => {
    const id = await report((await createReportCategory(t.db)).id, { geometry: null });
    expectFieldError(await staff.post(`/event-requests/${id}/accept`, {}), 'geojson', 'MISSING_GEOMETRY');
    const line = {
      type: 'LineString',
      coordinates: [
        [-8.61, 41.15],
        [-8.6, 41.16],
      ],
    };
    const geojson = { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: line, properties: {} }] };
    const response = await staff.post(`/event-requests/${id}/accept`, { geojson });
    expect(response.statusCode, response.body).toBe(200);
    const [event] = await t.db.select().from(events).where(eq(events.id, response.json().event.id));
    expect(event.geojson).toMatchObject({ features: [{ geometry: line }] });
  });

  it('gives an event of a road category a direction and sub-type of its kind', async () => {
    const category = await createReportCategory(t.db, { categoryType: 'TRAFFIC_CLOSED' });
    const accepted = (await staff.post(`/event-requests/${await report(category.id)}/accept`, {})).json();
    const [event] = await t.db.select().from(events).where(eq(events.id, accepted.event.id));
    expect(event).toMatchObject({ direction: 'BOTH_DIRECTION', subType: 'ROAD_CLOSED_HAZARD' });
  });

  it('accepts only while pending', async () => {
    const category = await createReportCategory(t.db);
    const accepted = await report(category.id);
    expect((await staff.post(`/event-requests/${accepted}/accept`, {})).statusCode).toBe(200);
    expectError(await staff.post(`/event-requests/${accepted}/accept`, {}), 409, 'REQUEST_NOT_PENDING');
    expectError(await staff.post(`/event-requests/${accepted}/reject`, { reason: 'x' }), 409, 'REQUEST_NOT_PENDING');
    const rejected = await report(category.id);
    expect((await staff.post(`/event-requests/${rejected}/reject`, { reason: 'Duplicado' })).statusCode).toBe(200);
    expectError(await staff.post(`/event-requests/${rejected}/accept`, {}), 409, 'REQUEST_NOT_PENDING');
    const { rows } = await t.db.execute(sql`select 1 from events where event_request_id = ${rejected}`);
    expect(rows).toEqual([]);
  });

  it('is for staff with MANAGE_EVENTS only', async () => {
    const id = await report((await createReportCategory(t.db)).id);
    expectError(await anonymous.post(`/event-requests/${id}/accept`, {}), 401, 'UNAUTHORIZED');
    expectError(await plain.post(`/event-requests/${id}/accept`, {}), 403, 'FORBIDDEN');
    expectError(await staff.post('/event-requests/2000000000/accept', {}), 404, 'NOT_FOUND');
  });

  it('stands even when the email cannot be sent, which waits to be tried again', async () => {
    const address = 'sem-correio@example.pt';
    const id = await report((await createReportCategory(t.db)).id, { participantEmail: address });
    // The receipt goes first, so that only the decision meets the failing mail server.
    await waitForJobs(t, [sendEmail.name], { about: { message: { requestId: id } } });
    const send = t.app.mailer.send;
    t.app.mailer.send = async (mail) => {
      if (mail.to === address) throw new Error('SMTP is down');
      await send(mail);
    };
    try {
      expect((await staff.post(`/event-requests/${id}/accept`, {})).statusCode).toBe(200);
      const decision = jobIdFor(`${sendEmail.name}:event-request:${id}:accepted`);
      await expect.poll(() => t.app.jobs.stateOf(sendEmail, decision), { timeout: 10_000 }).toBe('retry');
    } finally {
      t.app.mailer.send = send;
    }
    const [request] = await t.db.select().from(eventRequests).where(eq(eventRequests.id, id));
    expect(request.status).toBe('ACCEPTED');
  });
});

describe('POST /api/event-requests/:id/reject', () => {
  it('needs a reason', async () => {
    const id = await report((await createReportCategory(t.db)).id);
    expectFieldError(await staff.post(`/event-requests/${id}/reject`, {}), 'reason', 'MISSING_REASON');
    expectFieldError(await staff.post(`/event-requests/${id}/reject`, { reason: '  ' }), 'reason', 'MISSING_REASON');
  });

  it('rejects a pending report with its reason, audits it and tells the reporter in Portuguese', async () => {
    const id = await report((await createReportCategory(t.db)).id, { participantEmail: 'rui@example.pt' });
    const response = await staff.post(`/event-requests/${id}/reject`, { reason: 'A ocorrência já foi reportada.' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'REJECTED',
      reason: 'A ocorrência já foi reportada.',
      closedBy: { id: staff.userId },
      closedAt: expect.any(String),
      event: null,
    });
    const [audit] = (await findAuditRows(t.db, 'REJECT', 'event_request')).filter((a) => a.record_id === String(id));
    expect(audit).toMatchObject({ user_id: staff.userId, after: { status: 'REJECTED' } });
    const mail = await waitFor(() =>
      t.mails.find((m) => m.to === 'rui@example.pt' && m.subject.includes('não aceite')),
    );
    expect(mail.subject).toBe(`Pedido de ocorrência n.º ${id} não aceite`);
    expect(mail.text).toContain('A ocorrência já foi reportada.');
    expect(mail.text).toContain('Olá Joana Silva');
  });

  it('is for staff with MANAGE_EVENTS only', async () => {
    const id = await report((await createReportCategory(t.db)).id);
    expectError(await anonymous.post(`/event-requests/${id}/reject`, { reason: 'x' }), 401, 'UNAUTHORIZED');
    expectError(await plain.post(`/event-requests/${id}/reject`, { reason: 'x' }), 403, 'FORBIDDEN');
  });
});

describe('the "resolved" email to the reporter', () => {
  it('tells the reporter, in their language, that the event made from their report was resolved', async () => {
    const id = await report((await createReportCategory(t.db)).id, {
      participantEmail: 'resolvido@example.pt',
      language: 'pt-PT',
    });
    const eventId = (await staff.post(`/event-requests/${id}/accept`, {})).json().event.id as number;
    expect(await t.db.transaction((tx) => queueResolutionMail(t.app.jobs, tx, eventId))).toBe(true);
    // Waits for this email, not for every queued one: another test's may be waiting to be retried.
    const mail = await waitFor(() =>
      t.mails.find((m) => m.to === 'resolvido@example.pt' && m.subject.includes('resolvida')),
    );
    expect(mail?.subject).toBe(`Ocorrência do pedido n.º ${id} resolvida`);
  });

  it('is sent when staff resolve the event, once', async () => {
    const category = await createReportCategory(t.db);
    const id = await report(category.id, { participantEmail: 'fecho@example.pt', language: 'en-US' });
    const eventId = (await staff.post(`/event-requests/${id}/accept`, {})).json().event.id as number;
    const resolver = callerOf(
      t,
      (await signInNewUser(t, { permissions: ['MANAGE_EVENTS'], entityId: staff.entityId })).authorization,
    );
    const resolved = await resolver.put(`/events/${eventId}/status`, { status: 'RESOLVED' });
    expect(resolved.statusCode, resolved.body).toBe(200);

    const mail = await waitFor(() => t.mails.find((m) => m.to === 'fecho@example.pt' && /resolved/i.test(m.subject)));
    expect(mail.subject).toContain(String(id));
    await resolver.put(`/events/${eventId}/status`, { status: 'CLOSED' });
    await waitForJobs(t, [sendEmail.name], { about: { message: { requestId: id } } });
    expect(t.mails.filter((m) => m.to === 'fecho@example.pt' && /resolved/i.test(m.subject))).toHaveLength(1);
  });

  it('is sent when a reply resolves the event (the category resolves on reply)', async () => {
    const category = await createReportCategory(t.db, { statusOnDestinationReply: 'RESOLVED' });
    const id = await report(category.id, { participantEmail: 'resposta@example.pt', language: 'en-US' });
    const eventId = (await staff.post(`/event-requests/${id}/accept`, {})).json().event.id as number;
    const replied = await staff.post(`/events/${eventId}/comments`, { message: 'Reparado.', isPublic: true });
    expect(replied.statusCode, replied.body).toBe(200);

    const mail = await waitFor(() =>
      t.mails.find((m) => m.to === 'resposta@example.pt' && /resolved/i.test(m.subject)),
    );
    expect(mail.subject).toContain(String(id));
  });

  it('queues nothing for an event no one reported', async () => {
    expect(await t.db.transaction((tx) => queueResolutionMail(t.app.jobs, tx, 2_000_000_000))).toBe(false);
  });
});

describe('GET /api/event-requests/follow-up/{token}', () => {
  async function reportWithToken(categoryId: number) {
    const response = await post(reportOf(categoryId));
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json() as { id: number; followUpToken: string };
    expect(created.followUpToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return created;
  }
  const followUp = (token: string) => anonymous.get(`/event-requests/follow-up/${token}`);

  it("shows a visitor their report's state and who handles it, with nothing personal, to the holder of the link only", async () => {
    const entity = await createEntity(t.db, { name: 'Divisão de Vias Municipais' });
    const category = await createReportCategory(t.db, { allocatedToEntityId: entity.id });
    const { id, followUpToken } = await reportWithToken(category.id);

    const response = await followUp(followUpToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      id,
      title: 'Buraco na Rua de Camões',
      status: 'PENDING',
      createdAt: expect.any(String),
      closedAt: null,
      category: category.name,
      responsibleEntity: 'Divisão de Vias Municipais',
      reason: null,
      event: null,
    });
    expect(response.body).not.toContain('Joana');
    expect(response.body).not.toContain('example.pt');
    // Only the link's SHA-256 is kept, not the token. The confirmation mail, queued with the report, may have
    // issued its own link by now: the shown one is looked for among the report's links.
    const { rows } = await t.db.$client.query<{ token_hash: Buffer }>(
      'select token_hash from event_request_follow_ups where request_id = $1',
      [id],
    );
    expect(rows.map((row) => row.token_hash.toString('hex'))).toContain(hashToken(followUpToken).toString('hex'));
    expectError(await followUp('x'.repeat(43)), 404, 'NOT_FOUND');
  });

  it('follows the report into the incident it became, with its public updates only', async () => {
    const category = await createReportCategory(t.db);
    const { id, followUpToken } = await reportWithToken(category.id);
    const accepted = await staff.post(`/event-requests/${id}/accept`, { priority: 'HIGH', isPublic: true });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const eventId = accepted.json().event.id as number;
    await t.db.$client.query(
      `insert into event_comments (event_id, message, is_public, entity_id)
       values ($1, 'Equipa no local; reparação amanhã.', true, $2), ($1, 'Nota interna: pedir orçamento.', false, $2)`,
      [eventId, staff.entityId],
    );

    const answer = (await followUp(followUpToken)).json();
    expect(answer).toMatchObject({
      status: 'ACCEPTED',
      closedAt: expect.any(String),
      event: { id: eventId, title: 'Buraco na Rua de Camões', status: 'OPEN', isOnMap: true },
    });
    expect(answer.event.comments.map((comment: { message: string }) => comment.message)).toEqual([
      'Equipa no local; reparação amanhã.',
    ]);
    expect(JSON.stringify(answer)).not.toContain(staffName);
  });

  it('emails the reporter a receipt with a link of its own to the same page', async () => {
    const response = await post(
      reportOf((await createReportCategory(t.db)).id, { participantEmail: 'recibo@example.pt' }),
    );
    const { id, followUpToken } = response.json() as { id: number; followUpToken: string };
    const mail = await waitFor(() => t.mails.find((m) => m.to === 'recibo@example.pt'));
    expect(mail.subject).toBe(`Pedido de ocorrência n.º ${id} recebido`);
    const link = /http:\/\/mip\.test\/report\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? '';
    // Issued when the email was written: not the one the browser was shown, and it opens the same report.
    expect(link).not.toBe(followUpToken);
    expect((await followUp(link)).json()).toMatchObject({ id, status: 'PENDING' });
  });

  it('says why a report was not accepted', async () => {
    const { id, followUpToken } = await reportWithToken((await createReportCategory(t.db)).id);
    await staff.post(`/event-requests/${id}/reject`, { reason: 'A ocorrência já foi reportada.' });
    expect((await followUp(followUpToken)).json()).toMatchObject({
      status: 'REJECTED',
      reason: 'A ocorrência já foi reportada.',
      event: null,
    });
  });
});
