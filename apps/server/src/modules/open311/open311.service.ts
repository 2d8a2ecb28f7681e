import {
  anchorOf,
  LIVE_EVENT_STATUSES,
  type TEventCategoryType,
  type TEventGeoJson,
  type TEventRequestStatus,
  type TEventStatus,
  type TFieldError,
  type TGeometry,
  type TLanguage,
  ZEventRequestInput,
} from '@mip/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TDatabase } from '../../db/database.ts';
import { AppError, fieldErrors } from '../../http/errors.ts';
import { createEventRequest } from '../event-requests/event-requests.service.ts';
import type {
  TOpen311Request,
  TOpen311RequestInput,
  TOpen311RequestsQuery,
  TOpen311Service,
} from './open311.schemas.ts';

/** Open311 answers at most this many requests per call. */
export const OPEN311_MAX_REQUESTS = 1000;
/** Without dates or ids, the requests of the last 90 days (the GeoReport v2 default). */
const DEFAULT_DAYS = 90;
/** A title is the first line of the description, this long at most. */
const TITLE_MAX = 80;

/** The category type as a group of services (in the product's language) and as keywords. */
const GROUPS: Record<TEventCategoryType, { group: string; keywords: string }> = {
  GENERIC: { group: 'Genérica', keywords: 'generic' },
  TRAFFIC_CLOSED: { group: 'Corte de trânsito', keywords: 'traffic,road closure' },
  TRAFFIC_HAZARD: { group: 'Perigo no trânsito', keywords: 'traffic,hazard' },
};

/** Not found, in Open311's words. */
export const open311NotFound = (what: string) => new AppError('NOT_FOUND', { message: `${what} not found` });

type TCategoryRow = {
  id: number;
  name: string;
  category_type: TEventCategoryType;
};

function toService(row: TCategoryRow): TOpen311Service {
  const { group, keywords } = GROUPS[row.category_type];
  return {
    service_code: String(row.id),
    service_name: row.name,
    description: row.name,
    metadata: false,
    type: 'realtime',
    keywords,
    group,
  };
}

async function readPublicCategories(db: TDatabase, id?: number): Promise<TCategoryRow[]> {
  const { rows } = await db.execute<TCategoryRow>(
    sql`select id, name, category_type from event_categories
         where active and allow_public ${id === undefined ? sql`` : sql`and id = ${id}`}
         order by name collate pt_natural, id`,
  );
  return rows;
}

/** GET /services.json: the categories the public may report under. */
export function listOpen311Services(db: TDatabase): Promise<TOpen311Service[]> {
  return readPublicCategories(db).then((rows) => rows.map(toService));
}

/** A service code is a category id; anything else names no service. */
function parseCode(code: string): number | null {
  return /^[1-9]\d{0,9}$/.test(code) && Number(code) <= 2_147_483_647 ? Number(code) : null;
}

/** GET /services/{code}.json: our services take no attributes. */
export async function readOpen311ServiceDefinition(db: TDatabase, code: string) {
  const id = parseCode(code);
  const [row] = id === null ? [] : await readPublicCategories(db, id);
  if (!row) throw open311NotFound('Service');
  return { service_code: String(row.id), attributes: [] as never[] };
}

// ---------------------------------------------------------------- requests

type TRequestRow = {
  id: number;
  category_id: number;
  category_name: string;
  agency: string | null;
  title: string;
  description: string;
  status: TEventRequestStatus;
  reason: string | null;
  geometry: TGeometry | null;
  event_geojson: TEventGeoJson | null;
  event_status: TEventStatus | null;
  created_at: Date | string;
  updated_at: Date | string;
};

/**
 * Open while someone is to act on it: a pending report, or an accepted one
 * whose event is still live. Closed when rejected, or its event is resolved,
 * closed or gone.
 */
const OPEN311_STATUS_SQL = sql`case
  when r.status = 'PENDING' then 'open'
  when r.status = 'ACCEPTED' and e.status = any(${sql.param([...LIVE_EVENT_STATUSES])}::text[]) then 'open'
  else 'closed' end`;

function positionOf(row: TRequestRow): { latitude: number; longitude: number } | null {
  if (row.geometry) return anchorOf(row.geometry);
  const feature = row.event_geojson?.features?.find((item) => !item.properties?.isAlternative);
  return feature ? anchorOf(feature.geometry) : null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** Privacy-relevant: the reporter's name and email are never read here, so they cannot leak. */
function toOpen311Request(row: TRequestRow & { open311_status: 'open' | 'closed' }): TOpen311Request {
  const position = positionOf(row);
  return {
    service_request_id: String(row.id),
    status: row.open311_status,
    status_notes: row.status === 'REJECTED' ? row.reason : null,
    service_name: row.category_name,
    service_code: String(row.category_id),
    description: row.description ? `${row.title}\n\n${row.description}` : row.title,
    agency_responsible: row.agency,
    service_notice: null,
    address: null,
    address_id: null,
    zipcode: null,
    requested_datetime: iso(row.created_at),
    updated_datetime: iso(row.updated_at),
    expected_datetime: null,
    lat: position?.latitude ?? null,
    long: position?.longitude ?? null,
    media_url: null,
  };
}

async function queryRequests(db: TDatabase, conditions: (SQL | undefined)[], statuses?: string[]) {
  const where = conditions.filter((condition): condition is SQL => condition !== undefined);
  const { rows } = await db.execute<TRequestRow & { open311_status: 'open' | 'closed' }>(
    sql`select * from (
          select r.id, r.category_id, c.name as category_name, ent.name as agency, r.title, r.description,
                 r.status, r.reason, r.geometry, e.geojson as event_geojson, e.status as event_status,
                 r.created_at, greatest(r.updated_at, e.updated_at) as updated_at,
                 ${OPEN311_STATUS_SQL} as open311_status
            from event_requests r
            join event_categories c on c.id = r.category_id and c.allow_public
            left join events e on e.id = r.event_id
            left join entities ent on ent.id = c.allocated_to_entity_id
           where ${where.length > 0 ? sql.join(where, sql` and `) : sql`true`}
        ) found
        ${statuses?.length ? sql`where open311_status = any(${sql.param(statuses)}::text[])` : sql``}
        order by created_at desc, id desc
        limit ${OPEN311_MAX_REQUESTS}`,
  );
  return rows.map(toOpen311Request);
}

/** GET /requests.json: newest first, at most 1000; the last 90 days unless dates or ids say otherwise. */
export function searchOpen311Requests(db: TDatabase, query: TOpen311RequestsQuery): Promise<TOpen311Request[]> {
  const byIds = query.service_request_id?.length ? query.service_request_id : null;
  const start =
    query.start_date ??
    (byIds || query.end_date ? undefined : new Date(Date.now() - DEFAULT_DAYS * 86_400_000).toISOString());
  return queryRequests(
    db,
    [
      byIds ? sql`r.id = any(${sql.param(byIds)}::int[])` : undefined,
      query.service_code?.length ? sql`r.category_id = any(${sql.param(query.service_code)}::int[])` : undefined,
      start ? sql`r.created_at >= ${start}::timestamptz` : undefined,
      query.end_date ? sql`r.created_at <= ${query.end_date}::timestamptz` : undefined,
    ],
    query.status,
  );
}

/** GET /requests/{id}.json: a list of one, as Open311 answers it. */
export async function readOpen311Request(db: TDatabase, id: string): Promise<TOpen311Request[]> {
  const requestId = parseCode(id);
  const found = requestId === null ? [] : await queryRequests(db, [sql`r.id = ${requestId}`]);
  if (found.length === 0) throw open311NotFound('Service request');
  return found;
}

// ---------------------------------------------------------------- reporting

/** Where each field of our report comes from in an Open311 request, for its error messages. */
export const OPEN311_FIELD_OF: Record<string, string> = {
  categoryId: 'service_code',
  participantName: 'first_name',
  participantEmail: 'email',
  title: 'description',
  description: 'description',
  geometry: 'lat',
};

function parseCoordinate(value: number | string | undefined): number | null {
  if (value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value.trim());
  return Number.isFinite(number) ? number : Number.NaN;
}

/** The place given, as a point; null when none, an error when half or out of range. */
function pointOf(body: TOpen311RequestInput): TGeometry | null {
  const latitude = parseCoordinate(body.lat);
  const longitude = parseCoordinate(body.long);
  if (latitude === null && longitude === null) return null;
  if (
    latitude === null ||
    longitude === null ||
    Number.isNaN(latitude) ||
    Number.isNaN(longitude) ||
    Math.abs(latitude) > 90 ||
    Math.abs(longitude) > 180
  ) {
    throw fieldErrors([{ property: 'lat', error: 'INVALID_GEOMETRY' }]);
  }
  return { type: 'Point', coordinates: [longitude, latitude] };
}

async function allowsGeometry(db: TDatabase, categoryId: unknown): Promise<boolean> {
  if (typeof categoryId !== 'number' || !Number.isInteger(categoryId) || categoryId < 1 || categoryId > 2_147_483_647)
    return false;
  const { rows } = await db.execute<{ allow_geometry: boolean }>(
    sql`select allow_geometry from event_categories where id = ${categoryId}`,
  );
  return rows[0]?.allow_geometry ?? false;
}

/**
 * POST /requests.json: an Open311 client's report becomes an event request
 * (source OPEN311), through the same checks and throttle as the map's form.
 * The title is the description's first line; the address, when given, is
 * kept at the end of the description; media_url is not fetched.
 */
export async function createOpen311Request(
  app: FastifyInstance,
  body: TOpen311RequestInput,
  context: { ip: string | null; language: TLanguage },
): Promise<{ id: number }> {
  const text = (body.description ?? '').trim();
  const address = (body.address_string ?? '').trim();
  const code = body.service_code;
  const categoryId = code === undefined || code === '' ? undefined : Number(code);
  const point = pointOf(body);
  // Open311 clients always send a place; a category that takes none simply does not keep it.
  const geometry = point && (await allowsGeometry(app.db, categoryId)) ? point : null;
  const parsed = ZEventRequestInput.safeParse({
    categoryId,
    participantName: [body.first_name, body.last_name].filter(Boolean).join(' ').trim(),
    participantEmail: body.email ?? '',
    title: text.split(/\r?\n/)[0].trim().slice(0, TITLE_MAX),
    description: address ? `${text}\n\n${address}` : text,
    geometry,
    language: context.language,
  });
  if (!parsed.success) {
    const errors: TFieldError[] = parsed.error.issues.map((issue) => ({
      property: String(issue.path[0] ?? ''),
      error: /^[A-Z][A-Z0-9_]+$/.test(issue.message) ? issue.message : 'INVALID_VALUE',
    }));
    throw fieldErrors(errors);
  }
  return createEventRequest(app, parsed.data, { ip: context.ip, source: 'OPEN311' });
}
