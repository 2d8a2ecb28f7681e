import { EVENT_REQUEST_HOURLY_LIMIT } from '@mip/shared';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createReportCategory, nextAddress } from '../../../test/event-request-factories.ts';
import { createEntity, signInNewUser } from '../../../test/factories.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { eventRequests, events } from '../../db/schema/index.ts';

const t = useTestApp();
let staff: TCaller;

beforeAll(async () => {
  staff = callerOf(t, (await signInNewUser(t, { permissions: ['MANAGE_EVENTS'] })).authorization);
});

const BASE = '/api/open311/v2';
const get = (path: string, query?: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `${BASE}${path}`, query, headers });

function postForm(fields: Record<string, string>, remoteAddress = nextAddress(), headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `${BASE}/requests.json`,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    remoteAddress,
  });
}

/** Open311's error answer: `[{code, description}]` with the HTTP status as code. */
function expectOpen311Error(response: LightMyRequestResponse, status: number, description?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(Array.isArray(body)).toBe(true);
  for (const entry of body) expect(entry).toEqual({ code: status, description: expect.any(String) });
  if (description) expect(body.map((entry: { description: string }) => entry.description)).toContain(description);
}

const REPORT = {
  lat: '41.1522',
  long: '-8.6094',
  email: 'ana.reporter@example.pt',
  first_name: 'Ana',
  last_name: 'Reporter',
  description: 'Árvore caída na via\nBloqueia a faixa da direita desde as 8h.',
  address_string: 'Rua de Camões 10, Porto',
  media_url: 'https://example.com/tree.jpg',
};

async function createOpen311Request(serviceCode: number, fields: Record<string, string> = {}) {
  const response = await postForm({ ...REPORT, service_code: String(serviceCode), ...fields });
  expect(response.statusCode, response.body).toBe(200);
  return Number(response.json()[0].service_request_id);
}

describe('GET /api/open311/v2/services.json', () => {
  it('lists the active public categories as services, cacheable', async () => {
    const road = await createReportCategory(t.db, { categoryType: 'TRAFFIC_CLOSED', name: 'Via cortada ZZ1' });
    const internal = await createReportCategory(t.db, { allowPublic: false });
    const inactive = await createReportCategory(t.db, { active: false });

    const response = await get('/services.json');

    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const services = response.json() as { service_code: string }[];
    expect(services).toContainEqual({
      service_code: String(road.id),
      service_name: 'Via cortada ZZ1',
      description: 'Via cortada ZZ1',
      metadata: false,
      type: 'realtime',
      keywords: 'traffic,road closure',
      group: 'Corte de trânsito',
    });
    const codes = services.map((service) => service.service_code);
    expect(codes).not.toContain(String(internal.id));
    expect(codes).not.toContain(String(inactive.id));

    const again = await get('/services.json', undefined, { 'if-none-match': String(response.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});

describe('GET /api/open311/v2/services/{code}.json', () => {
  it('answers the definition of a service, which takes no attributes', async () => {
    const category = await createReportCategory(t.db);
    const response = await get(`/services/${category.id}.json`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ service_code: String(category.id), attributes: [] });
  });

  it('answers 404 in the Open311 format for a code that names no public service', async () => {
    const internal = await createReportCategory(t.db, { allowPublic: false });
    for (const code of ['2000000000', String(internal.id), 'abc', '0']) {
      expectOpen311Error(await get(`/services/${code}.json`), 404, 'Service not found');
    }
  });
});

describe('POST /api/open311/v2/requests.json', () => {
  it('records a form-encoded report as an event request from OPEN311', async () => {
    const category = await createReportCategory(t.db);
    const response = await postForm({ ...REPORT, service_code: String(category.id) }, nextAddress(), {
      'accept-language': 'en-GB,en;q=0.8',
    });

    expect(response.statusCode, response.body).toBe(200);
    const [created] = response.json();
    expect(Object.keys(created)).toEqual(['service_request_id']);
    const [row] = await t.db
      .select()
      .from(eventRequests)
      .where(eq(eventRequests.id, Number(created.service_request_id)));
    expect(row).toMatchObject({
      categoryId: category.id,
      participantName: 'Ana Reporter',
      participantEmail: 'ana.reporter@example.pt',
      title: 'Árvore caída na via',
      description: 'Árvore caída na via\nBloqueia a faixa da direita desde as 8h.\n\nRua de Camões 10, Porto',
      geometry: { type: 'Point', coordinates: [-8.6094, 41.1522] },
      source: 'OPEN311',
      status: 'PENDING',
      language: 'en-US',
    });
  });

  it('takes JSON too, cuts the title at 80 characters and drops the place of a category that takes none', async () => {
    const category = await createReportCategory(t.db, { allowGeometry: false });
    const response = await t.app.inject({
      method: 'POST',
      url: `${BASE}/requests.json`,
      payload: { ...REPORT, lat: 41.15, long: -8.6, service_code: category.id, description: 'x'.repeat(120) },
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.db
      .select()
      .from(eventRequests)
      .where(eq(eventRequests.id, Number(response.json()[0].service_request_id)));
    expect(row).toMatchObject({ title: 'x'.repeat(80), geometry: null, language: 'pt-PT' });
  });

  it('answers every problem in the Open311 format with the Open311 field names', async () => {
    const category = await createReportCategory(t.db);
    const internal = await createReportCategory(t.db, { allowPublic: false });
    const code = String(category.id);
    const { service_code: _none, ...withoutCode } = { ...REPORT, service_code: code };
    expectOpen311Error(await postForm(withoutCode), 400, 'service_code: MISSING_CATEGORY');
    expectOpen311Error(await postForm({ ...REPORT, service_code: 'abc' }), 400, 'service_code: INVALID_CATEGORY');
    expectOpen311Error(
      await postForm({ ...REPORT, service_code: String(internal.id) }),
      400,
      'service_code: INVALID_CATEGORY',
    );
    expectOpen311Error(
      await postForm({ ...REPORT, service_code: code, email: '' }),
      400,
      'email: MISSING_PARTICIPANT_EMAIL',
    );
    expectOpen311Error(await postForm({ ...REPORT, service_code: code, email: 'ana@' }), 400, 'email: INVALID_EMAIL');
    expectOpen311Error(
      await postForm({ ...REPORT, service_code: code, first_name: '', last_name: '' }),
      400,
      'first_name: MISSING_PARTICIPANT_NAME',
    );
    expectOpen311Error(
      await postForm({ ...REPORT, service_code: code, description: '', address_string: '' }),
      400,
      'description: MISSING_DESCRIPTION',
    );
    expectOpen311Error(await postForm({ ...REPORT, service_code: code, lat: '91' }), 400, 'lat: INVALID_GEOMETRY');
    expectOpen311Error(await postForm({ ...REPORT, service_code: code, long: 'east' }), 400, 'lat: INVALID_GEOMETRY');
    const wrongType = await t.app.inject({
      method: 'POST',
      url: `${BASE}/requests.json`,
      payload: { ...REPORT, service_code: code, email: { $ne: null } },
      remoteAddress: nextAddress(),
    });
    expectOpen311Error(wrongType, 400);
  });

  it('shares the per-address limit of the map form', async () => {
    const category = await createReportCategory(t.db);
    const address = nextAddress();
    for (let i = 0; i < EVENT_REQUEST_HOURLY_LIMIT; i++) {
      expect((await postForm({ ...REPORT, service_code: String(category.id) }, address)).statusCode).toBe(200);
    }
    const refused = await postForm({ ...REPORT, service_code: String(category.id) }, address);
    expectOpen311Error(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const fromTheMap = await t.app.inject({
      method: 'POST',
      url: '/api/event-requests/',
      payload: {
        categoryId: category.id,
        participantName: 'A',
        participantEmail: 'a@b.pt',
        title: 'T',
        description: 'D',
      },
      remoteAddress: address,
    });
    expect(fromTheMap.statusCode).toBe(429);
  });
});

describe('GET /api/open311/v2/requests.json and /requests/{id}.json', () => {
  it("shows each request's status and place, and never the reporter's name or email", async () => {
    const entity = await createEntity(t.db, { name: 'Metro do Porto' });
    const category = await createReportCategory(t.db, { allocatedToEntityId: entity.id });
    const pending = await createOpen311Request(category.id);
    const rejected = await createOpen311Request(category.id);
    const accepted = await createOpen311Request(category.id);
    const resolved = await createOpen311Request(category.id);
    expect((await staff.post(`/event-requests/${rejected}/reject`, { reason: 'Já resolvido.' })).statusCode).toBe(200);
    expect((await staff.post(`/event-requests/${accepted}/accept`, {})).statusCode).toBe(200);
    const eventId = (await staff.post(`/event-requests/${resolved}/accept`, {})).json().event.id;
    await t.db.update(events).set({ status: 'RESOLVED' }).where(eq(events.id, eventId));

    const response = await get('/requests.json', { service_code: String(category.id) });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(response.body).not.toContain('ana.reporter');
    expect(response.body).not.toContain('Reporter');
    const list = response.json() as { service_request_id: string; status: string; status_notes: string | null }[];
    expect(list.map((item) => item.service_request_id)).toEqual([resolved, accepted, rejected, pending].map(String));
    expect(list.map((item) => item.status)).toEqual(['closed', 'open', 'closed', 'open']);
    expect(list[2].status_notes).toBe('Já resolvido.');
    expect(list[3]).toEqual({
      service_request_id: String(pending),
      status: 'open',
      status_notes: null,
      service_name: category.name,
      service_code: String(category.id),
      description:
        'Árvore caída na via\n\nÁrvore caída na via\nBloqueia a faixa da direita desde as 8h.\n\nRua de Camões 10, Porto',
      agency_responsible: 'Metro do Porto',
      service_notice: null,
      address: null,
      address_id: null,
      zipcode: null,
      requested_datetime: expect.any(String),
      updated_datetime: expect.any(String),
      expected_datetime: null,
      lat: 41.1522,
      long: -8.6094,
      media_url: null,
    });

    const open = await get('/requests.json', { service_code: String(category.id), status: 'open' });
    expect(open.json().map((item: { service_request_id: string }) => item.service_request_id)).toEqual(
      [accepted, pending].map(String),
    );
    const byIds = await get('/requests.json', { service_request_id: `${pending},${rejected}` });
    expect(byIds.json().map((item: { service_request_id: string }) => item.service_request_id)).toEqual(
      [rejected, pending].map(String),
    );

    const one = await get(`/requests/${rejected}.json`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual([expect.objectContaining({ service_request_id: String(rejected), status: 'closed' })]);
    expect(one.body).not.toContain('ana.reporter');
  });

  it('filters by dates, and leaves out requests of categories no longer public', async () => {
    const category = await createReportCategory(t.db);
    const old = await createOpen311Request(category.id);
    const recent = await createOpen311Request(category.id);
    await t.db.execute(sql`update event_requests set created_at = now() - interval '200 days' where id = ${old}`);
    const ids = async (query: Record<string, string>) =>
      (await get('/requests.json', { service_code: String(category.id), ...query }))
        .json()
        .map((item: { service_request_id: string }) => Number(item.service_request_id));

    expect(await ids({})).toEqual([recent]);
    const start = new Date(Date.now() - 300 * 86_400_000).toISOString();
    const end = new Date(Date.now() - 100 * 86_400_000).toISOString();
    expect(await ids({ start_date: start, end_date: end })).toEqual([old]);
    expect(await ids({ start_date: start })).toEqual([recent, old]);

    const hidden = await createReportCategory(t.db);
    const hiddenRequest = await createOpen311Request(hidden.id);
    await t.db.execute(sql`update event_categories set allow_public = false where id = ${hidden.id}`);
    expect((await get('/requests.json', { service_code: String(hidden.id) })).json()).toEqual([]);
    expectOpen311Error(await get(`/requests/${hiddenRequest}.json`), 404, 'Service request not found');
  });

  it('answers bad filters and unknown requests in the Open311 format', async () => {
    expectOpen311Error(await get('/requests.json', { start_date: 'yesterday' }), 400);
    expectOpen311Error(await get('/requests.json', { status: 'pending' }), 400);
    expectOpen311Error(await get('/requests/2000000000.json'), 404, 'Service request not found');
    expectOpen311Error(await get('/requests/abc.json'), 404);
  });
});
