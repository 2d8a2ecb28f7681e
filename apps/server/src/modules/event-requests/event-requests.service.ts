import {
  EVENT_REQUEST_HOURLY_LIMIT,
  SUB_TYPES_BY_CATEGORY_TYPE,
  type TDocumentOwnerKind,
  type TEventCategoryType,
  type TEventGeoJson,
  type TEventInputParsed,
  type TEventRequest,
  type TEventRequestInputParsed,
  type TEventRequestListItem,
  type TFieldError,
  type TPagedList,
  type ZEventRequestAccept,
  type ZEventRequestReject,
  type ZEventRequestSearchQuery,
} from '@mip/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { searchPage } from '../../db/paged-search.ts';
import { documents, eventRequestSystems, eventRequests } from '../../db/schema/index.ts';
import { byFoldedColumn, byFoldedText, matchesSearch } from '../../db/text-search.ts';
import { recordAudit, type TActor } from '../../http/audit.ts';
import { AppError, fieldErrors, notFound } from '../../http/errors.ts';
import { reencodePhoto, type TCleanPhoto } from '../../lib/photos.ts';
import type { TAuthContext } from '../auth/session-store.ts';
import { type TThrottleRule, takeAttempt } from '../auth/throttle.ts';
import { DOCUMENT_OWNERS } from '../documents/document-owners.ts';
import { toDocumentRecord } from '../documents/documents.presenter.ts';
import { listDocumentsOf } from '../documents/documents.service.ts';
import { createEvent } from '../events/events.service.ts';
import { queueDecisionMail, queueReceiptMail } from './event-request-mail.ts';
import { notifyRequestAssigned } from './event-request-notifications.ts';
import { requestInScopeSql } from './event-request-scope.ts';
import {
  type TEventRequestListSqlRow,
  type TEventRequestSqlRow,
  toEventRequest,
  toEventRequestListItem,
} from './event-requests.presenter.ts';
import { issueFollowUpToken } from './follow-up.ts';

type TSearchQuery = z.output<typeof ZEventRequestSearchQuery>;
type TAcceptInput = z.output<typeof ZEventRequestAccept>;
type TRejectInput = z.output<typeof ZEventRequestReject>;

const REQUEST_OWNER: TDocumentOwnerKind = 'EVENT_REQUEST';
const EVENT_OWNER: TDocumentOwnerKind = 'EVENT';
const HOUR_SECONDS = 3600;

/** Reports one address may send: EVENT_REQUEST_HOURLY_LIMIT an hour, then it waits an hour. */
export const eventRequestRules = (ip: string): TThrottleRule[] => [
  {
    key: `event-request:${ip}`,
    limit: EVENT_REQUEST_HOURLY_LIMIT,
    windowSeconds: HOUR_SECONDS,
    lockSeconds: HOUR_SECONDS,
  },
];

const notPending = () =>
  new AppError('REQUEST_NOT_PENDING', { message: 'This request has already been accepted or rejected', status: 409 });

// ---------------------------------------------------------------- reporting

interface TReportableCategory {
  id: number;
  allowGeometry: boolean;
  allowPhotoUpload: boolean;
}

/** A category the public may report under: it exists, is active and allows the public. */
async function findReportableCategory(db: TExecutor, id: number): Promise<TReportableCategory | null> {
  const { rows } = await db.execute<{ id: number; allow_geometry: boolean; allow_photo_upload: boolean }>(
    sql`select id, allow_geometry, allow_photo_upload from event_categories
         where id = ${id} and active and allow_public`,
  );
  const row = rows[0];
  return row ? { id: row.id, allowGeometry: row.allow_geometry, allowPhotoUpload: row.allow_photo_upload } : null;
}

async function findMissingSystems(db: TExecutor, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from mobility_systems where id = any(${sql.param(ids)}::int[])`,
  );
  const found = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !found.has(id));
}

/** The checks that need the database: the category's flags and the systems named. */
async function checkReport(db: TExecutor, input: TEventRequestInputParsed, systemIds: number[]): Promise<void> {
  const errors: TFieldError[] = [];
  const category = await findReportableCategory(db, input.categoryId);
  if (!category) errors.push({ property: 'categoryId', error: 'INVALID_CATEGORY' });
  if (category && input.geometry && !category.allowGeometry)
    errors.push({ property: 'geometry', error: 'INVALID_GEOMETRY' });
  if (category && input.images.length > 0 && !category.allowPhotoUpload)
    errors.push({ property: 'images', error: 'INVALID_FILE' });
  if ((await findMissingSystems(db, systemIds)).length > 0)
    errors.push({ property: 'affectedSystems', error: 'INVALID_AFFECTED_SYSTEMS' });
  if (errors.length > 0) throw fieldErrors(errors);
}

/**
 * Records an occurrence reported by the public (the map's form or Open311).
 * Throttled per client address; photos are re-encoded without their metadata
 * before anything is written, and the request, its systems and its photos are
 * written in one transaction, so a bad photo leaves nothing behind.
 */
export async function createEventRequest(
  app: FastifyInstance,
  input: TEventRequestInputParsed,
  context: { ip: string | null; source: 'PORTAL' | 'OPEN311' },
): Promise<{ id: number; followUpToken: string }> {
  const db = app.db;
  const rules = eventRequestRules(context.ip ?? 'unknown');
  // Counted before any work: invalid reports cost decoding too, so they count against the address as well.
  await takeAttempt(db, rules);

  const systemIds = [...new Set(input.affectedSystems)];
  await checkReport(db, input, systemIds);
  // One at a time: each decoded picture can take tens of megabytes.
  const photos: TCleanPhoto[] = [];
  for (const [index, image] of input.images.entries()) {
    const bytes = Buffer.from(image.contents, 'base64');
    photos.push(await reencodePhoto({ filename: image.filename, bytes }, `images[${index}].contents`));
  }

  const actor: TActor = { userId: null, impersonatorUserId: null, ip: context.ip, userAgent: null };
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(eventRequests)
      .values({
        categoryId: input.categoryId,
        participantName: input.participantName,
        participantEmail: input.participantEmail,
        title: input.title,
        description: input.description,
        geometry: input.geometry,
        language: input.language,
        source: context.source,
      })
      .returning({ id: eventRequests.id });
    if (systemIds.length > 0) {
      await tx.insert(eventRequestSystems).values(systemIds.map((systemId) => ({ requestId: row.id, systemId })));
    }
    for (const photo of photos) {
      await tx.insert(documents).values({
        ownerKind: REQUEST_OWNER,
        ownerId: row.id,
        category: 'PHOTO',
        title: photo.filename,
        filename: photo.filename,
        mimeType: photo.mimeType,
        size: photo.bytes.length,
        contents: photo.bytes,
        props: { is360: false },
        isPublic: false,
        entityId: null,
        createdBy: null,
      });
    }
    // The reporter's name and address stay in the request; the audit log keeps what it is about.
    await recordAudit(tx, actor, {
      action: 'CREATE',
      recordType: 'event_request',
      recordId: row.id,
      after: {
        categoryId: input.categoryId,
        title: input.title,
        status: 'PENDING',
        source: context.source,
        hasGeometry: input.geometry !== null,
        photos: photos.length,
        affectedSystemIds: systemIds,
      },
    });
    await notifyRequestAssigned(tx, { id: row.id, categoryId: input.categoryId, title: input.title });
    // The reporter's copy of the link comes by email, with the same transaction as the report.
    await queueReceiptMail(app.jobs, tx, row.id);
    return { id: row.id, followUpToken: await issueFollowUpToken(tx, row.id) };
  });
  return created;
}

// ---------------------------------------------------------------- reading

export function searchEventRequests(
  db: TDatabase,
  query: TSearchQuery,
  auth: TAuthContext,
): Promise<TPagedList<TEventRequestListItem>> {
  return searchPage(
    db,
    {
      columns: sql`r.id, r.title, r.category_id, c.name as category_name, r.participant_name, r.status,
        ent.id as entity_id, ent.name as entity_name, r.created_at, r.updated_at`,
      from: sql`from event_requests r join event_categories c on c.id = r.category_id
        left join entities ent on ent.id = c.allocated_to_entity_id`,
      countFrom: sql`from event_requests r join event_categories c on c.id = r.category_id`,
      where: [
        requestInScopeSql(auth),
        query.status?.length ? sql`r.status = any(${sql.param(query.status)}::text[])` : undefined,
        query.categoryId?.length ? sql`r.category_id = any(${sql.param(query.categoryId)}::int[])` : undefined,
        query.fromDate ? sql`r.created_at >= ${query.fromDate}::timestamptz` : undefined,
        query.toDate ? sql`r.created_at <= ${query.toDate}::timestamptz` : undefined,
        matchesSearch(query.universalSearch, [byFoldedColumn(sql`r.search_text`), byFoldedText(sql`c.name`)]),
      ],
      sortColumns: {
        id: { expression: sql`r.id` },
        title: { expression: sql`r.title collate pt_natural` },
        categoryName: { expression: sql`c.name collate pt_natural` },
        status: { expression: sql`r.status` },
        date: { expression: sql`r.created_at` },
        lastUpdate: { expression: sql`r.updated_at` },
      },
      defaultSort: 'date',
      defaultDirection: 'DESC',
      tiebreak: sql`r.id`,
    },
    query,
    (row: TEventRequestListSqlRow) => toEventRequestListItem(row),
  );
}

/** The request with its category, agent and closer, when the caller may see it; locked for a change when asked. */
async function findRequestRow(
  db: TExecutor,
  id: number,
  auth: TAuthContext,
  options: { forUpdate?: boolean } = {},
): Promise<TEventRequestSqlRow & { category_type: TEventCategoryType; allocated_to_entity_id: number | null }> {
  const { rows } = await db.execute<
    TEventRequestSqlRow & { category_type: TEventCategoryType; allocated_to_entity_id: number | null }
  >(
    sql`select r.id, r.category_id, c.name as category_name, c.allow_geometry, c.allow_photo_upload,
          c.category_type, c.allocated_to_entity_id,
          agent.id as agent_id, agent.name as agent_name, ent.id as agent_entity_id, ent.name as agent_entity_name,
          r.participant_name, r.participant_email, r.title, r.description, r.geometry, r.status, r.reason,
          r.closed_by, closer.name as closed_by_name, r.closed_at,
          e.id as event_id, e.title as event_title, e.status as event_status,
          r.language, r.created_at, r.updated_at
        from event_requests r
        join event_categories c on c.id = r.category_id
        left join users agent on agent.id = c.report_agent_user_id
        left join entities ent on ent.id = c.allocated_to_entity_id
        left join users closer on closer.id = r.closed_by
        left join events e on e.id = r.event_id
       where r.id = ${id} ${requestInScopeSql(auth, { prefix: 'and' })}
       ${options.forUpdate ? sql`for update of r` : sql``}`,
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

async function listRequestSystems(db: TExecutor, id: number): Promise<TEventRequest['affectedSystems']> {
  const { rows } = await db.execute<{ id: number; name: string; parent_name: string }>(
    sql`select s.id, s.name, g.name as parent_name
          from event_request_systems rs
          join mobility_systems s on s.id = rs.system_id
          join mobility_system_groups g on g.id = s.group_id
         where rs.request_id = ${id}
         order by s.name collate pt_natural, s.id`,
  );
  return rows.map((row) => ({ id: row.id, name: row.name, parentName: row.parent_name }));
}

export async function readEventRequest(db: TExecutor, id: number, auth: TAuthContext): Promise<TEventRequest> {
  const row = await findRequestRow(db, id, auth);
  const [images, systems] = await Promise.all([listDocumentsOf(db, REQUEST_OWNER, id), listRequestSystems(db, id)]);
  return toEventRequest(row, images, systems);
}

// ---------------------------------------------------------------- accepting and rejecting

/** The event's shape: what staff drew on accepting, else the place the reporter gave. */
function eventGeoJsonOf(row: TEventRequestSqlRow, input: TAcceptInput): TEventGeoJson {
  const drawn = input.geojson;
  if (drawn?.features.some((feature) => !feature.properties.isAlternative)) return drawn;
  if (row.geometry)
    return { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: row.geometry, properties: {} }] };
  throw fieldErrors([{ property: 'geojson', error: 'MISSING_GEOMETRY' }]);
}

/**
 * A road category needs a direction and a sub-type (Waze feed); a citizen's
 * report gives neither, so the event starts with the broadest ones of its
 * kind and staff refine them on the event.
 */
function trafficDefaults(categoryType: TEventCategoryType): Pick<TEventInputParsed, 'direction' | 'subType'> {
  if (categoryType === 'GENERIC') return { direction: null, subType: null };
  return { direction: 'BOTH_DIRECTION', subType: SUB_TYPES_BY_CATEGORY_TYPE[categoryType][0] };
}

/**
 * Copies the report's photos onto its event, in the same transaction. They are
 * event documents like any other: visitors see them while the event itself is
 * visible to them (the EVENT owner policy decides), never before.
 */
async function copyPhotosToEvent(
  tx: TExecutor,
  requestId: number,
  eventId: number,
  values: { entityId: number; userId: number },
  actor: TActor,
): Promise<void> {
  const { rows } = await tx.execute<{
    id: number;
    category: 'PHOTO' | 'FILE';
    title: string;
    filename: string;
    mime_type: string;
    size: number;
    props: unknown;
    is_public: boolean;
    created_at: Date;
  }>(
    sql`insert into documents (owner_kind, owner_id, category, title, filename, mime_type, size, contents, props,
                               is_public, entity_id, created_by)
        select ${EVENT_OWNER}, ${eventId}, category, title, filename, mime_type, size, contents, props,
               ${DOCUMENT_OWNERS[EVENT_OWNER].isPublic}, ${values.entityId}, ${values.userId}
          from documents where owner_kind = ${REQUEST_OWNER} and owner_id = ${requestId}
         order by id
        returning id, category, title, filename, mime_type, size, props, is_public, created_at`,
  );
  for (const row of rows) {
    await recordAudit(tx, actor, {
      action: 'CREATE',
      recordType: 'document',
      recordId: row.id,
      after: toDocumentRecord({
        ...row,
        mimeType: row.mime_type,
        isPublic: row.is_public,
        createdAt: new Date(row.created_at),
        ownerKind: EVENT_OWNER,
        ownerId: eventId,
      }),
    });
  }
}

/**
 * Accepts a pending report: it becomes an event (linked both ways), its
 * photos go with it, and the reporter is told by email with a link to the map
 * (queued with the acceptance).
 */
export async function acceptEventRequest(
  app: FastifyInstance,
  id: number,
  input: TAcceptInput,
  auth: TAuthContext,
  actor: TActor,
): Promise<TEventRequest> {
  await app.db.transaction(async (tx) => {
    const row = await findRequestRow(tx, id, auth, { forUpdate: true });
    if (row.status !== 'PENDING') throw notPending();
    const geojson = eventGeoJsonOf(row, input);
    const entityId = row.allocated_to_entity_id ?? auth.user.entityId;
    const systems = await listRequestSystems(tx, id);
    const eventInput: TEventInputParsed = {
      title: row.title,
      description: row.description,
      categoryId: row.category_id,
      isFuture: false,
      fromTimestamp: new Date().toISOString(),
      toTimestamp: null,
      geojson,
      priority: input.priority,
      ...trafficDefaults(row.category_type),
      isPublic: input.isPublic,
      affectedSystemIds: systems.map((system) => system.id),
      entityId,
    };
    const eventId = await createEvent(tx, eventInput, actor, {
      createdBy: auth.user.id,
      originEntityId: entityId,
      eventRequestId: id,
    });
    await copyPhotosToEvent(tx, id, eventId, { entityId, userId: auth.user.id }, actor);
    await tx
      .update(eventRequests)
      .set({ status: 'ACCEPTED', closedBy: auth.user.id, closedAt: sql`now()`, eventId, updatedAt: sql`now()` })
      .where(and(eq(eventRequests.id, id), eq(eventRequests.status, 'PENDING')));
    await recordAudit(tx, actor, {
      action: 'ACCEPT',
      recordType: 'event_request',
      recordId: id,
      before: { status: 'PENDING' },
      after: { status: 'ACCEPTED', eventId },
    });
    await queueDecisionMail(app.jobs, tx, id, 'accepted');
  });
  return readEventRequest(app.db, id, auth);
}

/** Rejects a pending report with a reason, which the reporter receives by email (queued with the rejection). */
export async function rejectEventRequest(
  app: FastifyInstance,
  id: number,
  input: TRejectInput,
  auth: TAuthContext,
  actor: TActor,
): Promise<TEventRequest> {
  await app.db.transaction(async (tx) => {
    const row = await findRequestRow(tx, id, auth, { forUpdate: true });
    if (row.status !== 'PENDING') throw notPending();
    await tx
      .update(eventRequests)
      .set({
        status: 'REJECTED',
        reason: input.reason,
        closedBy: auth.user.id,
        closedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(eventRequests.id, id));
    await recordAudit(tx, actor, {
      action: 'REJECT',
      recordType: 'event_request',
      recordId: id,
      before: { status: 'PENDING' },
      after: { status: 'REJECTED', reason: input.reason },
    });
    await queueDecisionMail(app.jobs, tx, id, 'rejected');
  });
  return readEventRequest(app.db, id, auth);
}
