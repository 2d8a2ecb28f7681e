import {
  can,
  canTransition,
  EVENT_PRIORITIES,
  eventCategoryProblems,
  isReopening,
  LIVE_EVENT_STATUSES,
  type TEvent,
  type TEventComment,
  type TEventInputParsed,
  type TEventListItem,
  type TEventPriority,
  type TEventStatus,
  type TEventTimelineEntry,
  type TFieldError,
  type TPagedList,
  type ZEventBulkTransfer,
  type ZEventCommentInput,
  type ZEventSearchQuery,
  type ZEventStatusChange,
  type ZEventTransfer,
} from '@mip/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { orderBySql, searchPage, type TPagedSearch } from '../../db/paged-search.ts';
import { eventAffectedSystems, eventCategories, eventComments, events, eventTimeline } from '../../db/schema/index.ts';
import { byFoldedColumn, matchesSearch } from '../../db/text-search.ts';
import { diffRecords, recordAudit, type TActor } from '../../http/audit.ts';
import { AppError, fieldErrors, notFound } from '../../http/errors.ts';
import type { TJobQueue } from '../../jobs/define-job.ts';
import type { TAuthContext } from '../auth/session-store.ts';
import { deleteDocumentsOf, listDocumentsOf } from '../documents/documents.service.ts';
import { entityInScopeSql, inSubtreesSql, scopeRootIds, type TScopeSubject } from '../entities/entity-scope.ts';
import { queueResolutionMail } from '../event-requests/event-request-mail.ts';
import { eventBoundingBoxOf } from './event-geometry.ts';
import {
  EVENT_CSV_HEADER,
  type TEventCommentRow,
  type TEventCsvRow,
  type TEventListRow,
  type TEventRow,
  type TEventTimelineRow,
  toEvent,
  toEventComment,
  toEventCsvRow,
  toEventListItem,
  toEventRecord,
  toEventTimelineEntry,
} from './events.presenter.ts';

type TEventSearchQuery = z.infer<typeof ZEventSearchQuery>;
export type TEventStatusChangeParsed = z.output<typeof ZEventStatusChange>;
type TEventCommentInputParsed = z.output<typeof ZEventCommentInput>;
type TEventTransferParsed = z.output<typeof ZEventTransfer>;
type TEventBulkTransferParsed = z.output<typeof ZEventBulkTransfer>;
type TStoredEvent = typeof events.$inferSelect;
type TStoredCategory = typeof eventCategories.$inferSelect;

// ---------------------------------------------------------------- who sees what

/** ('OPEN', 'IN_PROGRESS', 'PENDING'): the statuses of a live event, for SQL. */
export const LIVE_STATUSES_SQL = sql.raw(`(${LIVE_EVENT_STATUSES.map((status) => `'${status}'`).join(', ')})`);

/**
 * SQL condition: a visitor may see the event (alias e, its category c): it is
 * public, still live, and its category is active. Security-relevant: nothing
 * else of an event ever reaches a visitor.
 */
export const IS_VISIBLE_TO_PUBLIC_SQL = sql`(e.is_public and e.status in ${LIVE_STATUSES_SQL} and c.active)`;

/**
 * SQL condition: the event lies within the caller's entities, as the one
 * responsible for it or the one it came from; undefined for a caller who
 * sees everything. Security-relevant: events outside it answer 404.
 */
export function eventInScopeSql(
  subject: TScopeSubject,
  columns: { entity: SQL; origin: SQL } = { entity: sql`e.entity_id`, origin: sql`e.origin_entity_id` },
): SQL | undefined {
  const roots = scopeRootIds(subject);
  if (!roots) return undefined;
  return sql`(${inSubtreesSql(columns.entity, roots)} or ${inSubtreesSql(columns.origin, roots)})`;
}

const andInScope = (subject: TScopeSubject | null) => {
  const condition = subject ? eventInScopeSql(subject) : undefined;
  return condition ? sql`and ${condition}` : sql``;
};

const canManageEvents = (auth: TAuthContext | null) => can(auth, { all: ['MANAGE_EVENTS'] });

/** Whether the event with this id exists within the caller's scope. */
export async function isEventInScope(db: TExecutor, subject: TScopeSubject, id: number): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from events e where e.id = ${id} ${andInScope(subject)}`);
  return rows.length > 0;
}

/** Whether a visitor may see the event with this id (its card, its documents). */
export async function isEventVisibleToPublic(db: TExecutor, id: number): Promise<boolean> {
  const { rows } = await db.execute(
    sql`select 1 from events e join event_categories c on c.id = e.category_id
         where e.id = ${id} and ${IS_VISIBLE_TO_PUBLIC_SQL}`,
  );
  return rows.length > 0;
}

// ---------------------------------------------------------------- reading

/** The affected systems of event e as [{id, name, parentName}], by name; only active ones when asked. */
export function affectedSystemsSql(options: { onlyActive?: boolean } = {}): SQL {
  return sql`coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name, 'parentName', g.name)
                                       order by s.name collate pt_natural, s.id)
                         from event_affected_systems a
                         join mobility_systems s on s.id = a.system_id
                         join mobility_system_groups g on g.id = s.group_id
                        where a.event_id = e.id ${options.onlyActive ? sql`and s.active` : sql``}), '[]'::json)`;
}

const CATEGORY_REF_SQL = sql`json_build_object('id', c.id, 'name', c.name, 'icon', c.icon, 'categoryType', c.category_type)`;

function eventColumns(options: { onlyActiveSystems?: boolean } = {}): SQL {
  return sql`e.id, e.title, e.description, e.from_timestamp, e.to_timestamp, e.geojson,
    e.min_latitude, e.max_latitude, e.min_longitude, e.max_longitude, e.priority, e.status, e.direction, e.sub_type,
    e.is_public, e.is_future, e.event_request_id, e.resolved_at, e.closed_at, e.created_at, e.updated_at,
    ${CATEGORY_REF_SQL} as category, c.event_statuses,
    json_build_object('id', en.id, 'name', en.name) as entity,
    (select json_build_object('id', o.id, 'name', o.name) from entities o where o.id = e.origin_entity_id)
      as origin_entity,
    (select json_build_object('id', u.id, 'name', u.name) from users u where u.id = e.created_by) as created_by,
    ${affectedSystemsSql({ onlyActive: options.onlyActiveSystems })} as affected_systems`;
}

export const EVENT_FROM_SQL = sql`from events e
  join event_categories c on c.id = e.category_id
  join entities en on en.id = e.entity_id`;

/** One event with everything its page shows, or null when it is missing or (for a scoped caller) out of reach. */
export async function findEventRow(
  db: TExecutor,
  id: number,
  options: { scope?: TScopeSubject | null; onlyPublic?: boolean } = {},
): Promise<TEventRow | null> {
  const { rows } = await db.execute<TEventRow>(
    sql`select ${eventColumns({ onlyActiveSystems: options.onlyPublic })} ${EVENT_FROM_SQL}
         where e.id = ${id} ${andInScope(options.scope ?? null)}
         ${options.onlyPublic ? sql`and ${IS_VISIBLE_TO_PUBLIC_SQL}` : sql``}`,
  );
  return rows[0] ?? null;
}

/** GET /events/{id}: the whole event for the console, within the caller's scope. */
export async function readEvent(db: TExecutor, id: number, auth: TAuthContext): Promise<TEvent> {
  const row = await findEventRow(db, id, { scope: auth });
  if (!row) throw notFound();
  return toEvent(row, await listDocumentsOf(db, 'EVENT', id), canManageEvents(auth));
}

/** The priority of event e as its rank (LOW first), for sorting. */
export const PRIORITY_RANK = sql`array_position(array['LOW', 'NORMAL', 'HIGH', 'CRITICAL']::text[], e.priority)`;
const STATUS_RANK = sql`array_position(array['OPEN', 'IN_PROGRESS', 'PENDING', 'RESOLVED', 'CLOSED']::text[], e.status)`;

/** The list's time filter: current (started, not over), future (not started) or past (over or finished). */
function timeConditionSql(time: 'CURRENT' | 'FUTURE' | 'PAST' | undefined): SQL | undefined {
  const isLive = sql`e.status in ${LIVE_STATUSES_SQL}`;
  switch (time) {
    case 'CURRENT':
      return sql`(${isLive} and e.from_timestamp <= now() and (e.to_timestamp is null or e.to_timestamp > now()))`;
    case 'FUTURE':
      return sql`(${isLive} and e.from_timestamp > now())`;
    case 'PAST':
      return sql`(e.status not in ${LIVE_STATUSES_SQL} or e.to_timestamp <= now())`;
    default:
      return undefined;
  }
}

/** SQL condition: the column holds one of the values a list filter chose; none when nothing was chosen. */
export function oneOfSql(values: readonly (string | number)[] | undefined, column: SQL, type: 'int' | 'text') {
  return values && values.length > 0 ? sql`${column} = any(${sql.param(values)}::${sql.raw(type)}[])` : undefined;
}

function eventConditions(auth: TAuthContext, query: TEventSearchQuery): (SQL | undefined)[] {
  return [
    eventInScopeSql(auth),
    oneOfSql(query.categoryId, sql`e.category_id`, 'int'),
    oneOfSql(query.status, sql`e.status`, 'text'),
    oneOfSql(query.priority, sql`e.priority`, 'text'),
    oneOfSql(query.entityId, sql`e.entity_id`, 'int'),
    timeConditionSql(query.time),
    query.isPublic === undefined ? undefined : sql`e.is_public = ${query.isPublic}`,
    // The event's span touches the chosen days: it runs to its end, or until it was resolved or closed, or on.
    query.fromDate
      ? sql`coalesce(e.to_timestamp, least(e.resolved_at, e.closed_at), 'infinity') >= ${query.fromDate}::timestamptz`
      : undefined,
    query.toDate ? sql`e.from_timestamp <= ${query.toDate}::timestamptz` : undefined,
    query.createdBefore ? sql`e.created_at < ${query.createdBefore}::timestamptz` : undefined,
    query.systemId
      ? sql`exists (select 1 from event_affected_systems a where a.event_id = e.id and a.system_id = ${query.systemId})`
      : undefined,
    matchesSearch(query.universalSearch, [byFoldedColumn(sql`e.search_text`)]),
  ];
}

const LIST_COLUMNS = sql`e.id, e.title, e.from_timestamp, e.to_timestamp, e.priority, e.status, e.is_public,
  e.created_at, e.updated_at, c.id as category_id, c.name as category_name, en.id as entity_id, en.name as entity_name`;

function eventSearch(auth: TAuthContext, query: TEventSearchQuery, columns: SQL): TPagedSearch {
  return {
    columns,
    from: EVENT_FROM_SQL,
    countFrom: sql`from events e`,
    where: eventConditions(auth, query),
    sortColumns: {
      id: { expression: sql`e.id` },
      title: { expression: sql`e.title collate pt_natural` },
      categoryName: { expression: sql`c.name collate pt_natural` },
      priority: { expression: PRIORITY_RANK },
      status: { expression: STATUS_RANK },
      fromTimestamp: { expression: sql`e.from_timestamp` },
      toTimestamp: { expression: sql`e.to_timestamp`, isNullable: true },
      entityName: { expression: sql`en.name collate pt_natural` },
      createdAt: { expression: sql`e.created_at` },
      updatedAt: { expression: sql`e.updated_at` },
    },
    defaultSort: 'fromTimestamp',
    defaultDirection: 'DESC',
    tiebreak: sql`e.id`,
    // A filtered list picks its few matches first and sorts them; an open one reads the start-time index in order.
    sortFirstUpTo: 2000,
  };
}

/** GET /events/search: the console list, within the caller's entities, newest start first. */
export function searchEvents(
  db: TDatabase,
  auth: TAuthContext,
  query: TEventSearchQuery,
): Promise<TPagedList<TEventListItem>> {
  return searchPage<TEventListRow, TEventListItem>(db, eventSearch(auth, query, LIST_COLUMNS), query, toEventListItem);
}

/** How many events of the list's filters there are at each priority (the console home's tally). */
export async function countEventsByPriority(
  db: TExecutor,
  auth: TAuthContext,
  query: TEventSearchQuery,
): Promise<Record<TEventPriority, number>> {
  const { rows } = await db.execute<{ priority: TEventPriority; total: number }>(
    sql`select e.priority, count(*)::int as total from events e
         where ${and(...eventConditions(auth, query)) ?? sql`true`} group by e.priority`,
  );
  const counts = Object.fromEntries(EVENT_PRIORITIES.map((priority) => [priority, 0])) as Record<
    TEventPriority,
    number
  >;
  for (const row of rows) counts[row.priority] = row.total;
  return counts;
}

/** Beyond this an export is a backup, not a report. */
export const EVENT_EXPORT_MAX_ROWS = 100_000;
const EXPORT_BATCH_ROWS = 2_000;

const CSV_COLUMNS = sql`${LIST_COLUMNS}, e.description, c.category_type, e.direction, e.sub_type, e.resolved_at,
  e.closed_at,
  (select o.name from entities o where o.id = e.origin_entity_id) as origin_entity_name,
  (select u.name from users u where u.id = e.created_by) as created_by_name,
  (select string_agg(s.name, '; ' order by s.name collate pt_natural, s.id)
     from event_affected_systems a join mobility_systems s on s.id = a.system_id
    where a.event_id = e.id) as affected_system_names`;

/**
 * GET /events/export: the filtered list as CSV text chunks (a BOM so
 * spreadsheets read the accents, a header, then the rows in the list's
 * order a batch at a time). The first batch is read before this answers, so
 * a failing query is still an ordinary error response.
 */
export async function openEventsCsv(
  db: TDatabase,
  auth: TAuthContext,
  query: TEventSearchQuery,
): Promise<AsyncIterable<string>> {
  const search = eventSearch(auth, query, CSV_COLUMNS);
  const sortBy = query.sortProperty && query.sortProperty in search.sortColumns ? query.sortProperty : 'fromTimestamp';
  const order = orderBySql(search, sortBy, query.sortDirection ?? 'DESC');
  const conditions = and(...search.where);
  const readBatch = async (offset: number) => {
    const { rows } = await db.execute<TEventCsvRow>(
      sql`select ${CSV_COLUMNS} ${EVENT_FROM_SQL} ${conditions ? sql`where ${conditions}` : sql``}
          ${order} limit ${EXPORT_BATCH_ROWS} offset ${offset}`,
    );
    return rows;
  };
  const first = await readBatch(0);
  async function* chunks() {
    yield `\uFEFF${EVENT_CSV_HEADER}`;
    let batch = first;
    let sent = 0;
    while (batch.length > 0) {
      const room = EVENT_EXPORT_MAX_ROWS - sent;
      yield batch.slice(0, room).map(toEventCsvRow).join('');
      sent += Math.min(batch.length, room);
      if (batch.length < EXPORT_BATCH_ROWS || sent >= EVENT_EXPORT_MAX_ROWS) return;
      batch = await readBatch(sent);
    }
  }
  return chunks();
}

// ---------------------------------------------------------------- writing

/** An event's row locked for a change, or 404 when missing or out of the caller's scope. */
async function lockEventInScope(tx: TExecutor, id: number, auth: TAuthContext | null): Promise<TStoredEvent> {
  const scope = auth
    ? eventInScopeSql(auth, { entity: sql`${events.entityId}`, origin: sql`${events.originEntityId}` })
    : undefined;
  const [row] = await tx
    .select()
    .from(events)
    .where(and(eq(events.id, id), scope))
    .for('update');
  if (!row) throw notFound();
  return row;
}

async function affectedSystemIdsOf(db: TExecutor, id: number): Promise<number[]> {
  const rows = await db
    .select({ systemId: eventAffectedSystems.systemId })
    .from(eventAffectedSystems)
    .where(eq(eventAffectedSystems.eventId, id));
  return rows.map((row) => row.systemId);
}

async function recordOf(db: TExecutor, row: TStoredEvent) {
  return toEventRecord({ ...row, affectedSystemIds: await affectedSystemIdsOf(db, row.id) });
}

/**
 * The checks of an event form that need the database: the category exists
 * and is active (an event may keep the inactive category it already has),
 * the road fields its type asks for, the affected systems exist, and a
 * responsible entity chosen anew exists and is active. With a caller
 * (`auth`), also what that caller may do: a category limited to another user
 * type, an entity outside their scope. Answers the category.
 */
async function checkEventInput(
  db: TExecutor,
  input: TEventInputParsed,
  current: { categoryId: number; entityId: number } | null,
  auth: TAuthContext | null,
): Promise<TStoredCategory> {
  const errors: TFieldError[] = [];
  const [category] = await db.select().from(eventCategories).where(eq(eventCategories.id, input.categoryId));
  const isNewCategory = category?.id !== current?.categoryId;
  if (!category || (!category.active && isNewCategory)) {
    errors.push({ property: 'categoryId', error: 'INVALID_CATEGORY' });
  } else {
    errors.push(...eventCategoryProblems(input, category.categoryType));
    if (auth && isNewCategory && category.limitUserType !== null && category.limitUserType !== auth.type) {
      errors.push({ property: 'categoryId', error: 'CATEGORY_NOT_ALLOWED' });
    }
  }
  if (input.affectedSystemIds.length > 0) {
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from mobility_systems where id = any(${sql.param(input.affectedSystemIds)}::int[])`,
    );
    if (rows[0].n !== input.affectedSystemIds.length) {
      errors.push({ property: 'affectedSystemIds', error: 'INVALID_AFFECTED_SYSTEMS' });
    }
  }
  if (input.entityId !== null && input.entityId !== current?.entityId) {
    const scope = auth ? entityInScopeSql(auth, sql`id`) : undefined;
    const { rows } = await db.execute(
      sql`select 1 from entities where id = ${input.entityId} and active ${scope ? sql`and ${scope}` : sql``}`,
    );
    if (rows.length === 0) errors.push({ property: 'entityId', error: 'INVALID_ENTITY' });
  }
  if (errors.length > 0) throw fieldErrors(errors);
  return category;
}

function toColumns(input: TEventInputParsed) {
  const box = eventBoundingBoxOf(input.geojson);
  return {
    title: input.title,
    description: input.description,
    categoryId: input.categoryId,
    isFuture: input.isFuture,
    fromTimestamp: new Date(input.fromTimestamp),
    toTimestamp: input.toTimestamp === null ? null : new Date(input.toTimestamp),
    geojson: input.geojson,
    ...box,
    priority: input.priority,
    direction: input.direction,
    subType: input.subType,
    isPublic: input.isPublic,
  };
}

async function replaceAffectedSystems(db: TExecutor, id: number, systemIds: number[]) {
  await db.delete(eventAffectedSystems).where(eq(eventAffectedSystems.eventId, id));
  if (systemIds.length === 0) return;
  await db.insert(eventAffectedSystems).values(systemIds.map((systemId) => ({ eventId: id, systemId })));
}

type TCreateOptions = { createdBy: number | null; originEntityId: number | null; eventRequestId?: number | null };

/** The responsible entity: the one chosen, else the category's, else the origin's, else the creator's. */
async function resolveEntityId(
  db: TExecutor,
  input: TEventInputParsed,
  category: TStoredCategory,
  options: TCreateOptions,
): Promise<number> {
  const chosen = input.entityId ?? category.allocatedToEntityId ?? options.originEntityId;
  if (chosen !== null) return chosen;
  if (options.createdBy !== null) {
    const { rows } = await db.execute<{ entity_id: number }>(
      sql`select entity_id from users where id = ${options.createdBy}`,
    );
    if (rows[0]) return rows[0].entity_id;
  }
  throw fieldErrors([{ property: 'entityId', error: 'MISSING_ENTITY' }]);
}

async function insertEvent(
  tx: TExecutor,
  input: TEventInputParsed,
  category: TStoredCategory,
  actor: TActor,
  options: TCreateOptions,
): Promise<number> {
  const entityId = await resolveEntityId(tx, input, category, options);
  const eventRequestId = options.eventRequestId ?? null;
  const [row] = await tx
    .insert(events)
    .values({
      ...toColumns(input),
      status: 'OPEN',
      entityId,
      originEntityId: options.originEntityId,
      createdBy: options.createdBy,
      eventRequestId,
    })
    .returning();
  await replaceAffectedSystems(tx, row.id, input.affectedSystemIds);
  await tx.insert(eventTimeline).values({
    eventId: row.id,
    kind: eventRequestId === null ? 'CREATED' : 'REQUEST_ACCEPTED',
    toStatus: 'OPEN',
    toEntityId: entityId,
    userId: options.createdBy ?? actor.userId,
  });
  await recordAudit(tx, actor, {
    action: 'CREATE',
    recordType: 'event',
    recordId: row.id,
    after: toEventRecord({ ...row, affectedSystemIds: input.affectedSystemIds }),
  });
  return row.id;
}

/**
 * Creates an event inside the caller's transaction: its affected systems, a
 * timeline row (REQUEST_ACCEPTED when made from a citizen report, CREATED
 * otherwise) and the audit row. It checks the input against the database
 * (category, road fields, systems, entity) but not the caller's permissions
 * or scope: callers check those. Answers the new id.
 */
export async function createEvent(
  tx: TExecutor,
  input: TEventInputParsed,
  actor: TActor,
  options: TCreateOptions,
): Promise<number> {
  const category = await checkEventInput(tx, input, null, null);
  return insertEvent(tx, input, category, actor, options);
}

/** POST /events: an event raised by a console user, their entity its origin. */
export async function createEventAsCaller(
  db: TDatabase,
  input: TEventInputParsed,
  auth: TAuthContext,
  actor: TActor,
): Promise<TEvent> {
  return db.transaction(async (tx) => {
    const category = await checkEventInput(tx, input, null, auth);
    const id = await insertEvent(tx, input, category, actor, {
      createdBy: auth.user.id,
      originEntityId: auth.user.entityId,
    });
    return readEvent(tx, id, auth);
  });
}

export async function updateEvent(
  db: TDatabase,
  id: number,
  input: TEventInputParsed,
  auth: TAuthContext,
  actor: TActor,
): Promise<TEvent> {
  return db.transaction(async (tx) => {
    const before = await lockEventInScope(tx, id, auth);
    const beforeRecord = await recordOf(tx, before);
    await checkEventInput(tx, input, before, auth);
    const entityId = input.entityId ?? before.entityId;
    const [after] = await tx
      .update(events)
      .set({ ...toColumns(input), entityId, updatedAt: sql`now()` })
      .where(eq(events.id, id))
      .returning();
    await replaceAffectedSystems(tx, id, input.affectedSystemIds);
    await tx.insert(eventTimeline).values({ eventId: id, kind: 'UPDATED', userId: actor.userId });
    if (entityId !== before.entityId) {
      await tx.insert(eventTimeline).values({
        eventId: id,
        kind: 'TRANSFER',
        fromEntityId: before.entityId,
        toEntityId: entityId,
        userId: actor.userId,
      });
    }
    await recordAudit(tx, actor, {
      action: 'UPDATE',
      recordType: 'event',
      recordId: id,
      ...diffRecords(beforeRecord, await recordOf(tx, after)),
    });
    return readEvent(tx, id, auth);
  });
}

/** The event goes with its photos and files, comments and timeline; a citizen report it came from stays. */
export async function deleteEvent(db: TDatabase, id: number, auth: TAuthContext, actor: TActor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockEventInScope(tx, id, auth);
    const record = await recordOf(tx, before);
    await deleteDocumentsOf(tx, 'EVENT', id, actor);
    await tx.delete(events).where(eq(events.id, id));
    await recordAudit(tx, actor, { action: 'DELETE', recordType: 'event', recordId: id, before: record });
  });
}

// ---------------------------------------------------------------- lifecycle

async function statusesOfCategory(db: TExecutor, categoryId: number): Promise<TEventStatus[]> {
  const [row] = await db
    .select({ eventStatuses: eventCategories.eventStatuses })
    .from(eventCategories)
    .where(eq(eventCategories.id, categoryId));
  return (row?.eventStatuses ?? []) as TEventStatus[];
}

/** Moves the event to `to`: the dates that go with it, a timeline row and an audit row. */
async function applyStatus(
  tx: TExecutor,
  before: TStoredEvent,
  to: TEventStatus,
  note: string | null,
  actor: TActor,
): Promise<void> {
  const reopened = isReopening(before.status, to);
  await tx
    .update(events)
    .set({
      status: to,
      resolvedAt: to === 'RESOLVED' ? sql`now()` : reopened ? null : undefined,
      closedAt: to === 'CLOSED' ? sql`now()` : reopened ? null : undefined,
      updatedAt: sql`now()`,
    })
    .where(eq(events.id, before.id));
  await tx.insert(eventTimeline).values({
    eventId: before.id,
    kind: 'STATUS',
    fromStatus: before.status,
    toStatus: to,
    note,
    userId: actor.userId,
  });
  await recordAudit(tx, actor, {
    action: 'STATUS_CHANGE',
    recordType: 'event',
    recordId: before.id,
    before: { status: before.status },
    after: { status: to, note },
  });
}

/**
 * The "resolved" email to the reporter of the citizen's request an event was
 * made from, queued in the transaction that resolved it.
 */
async function tellReporterIfResolved(
  jobs: TJobQueue,
  tx: TExecutor,
  id: number,
  from: TEventStatus,
  to: TEventStatus,
) {
  if (to === 'RESOLVED' && from !== 'RESOLVED') await queueResolutionMail(jobs, tx, id);
}

/**
 * PUT /events/{id}/status: along the lifecycle (EVENT_STATUS_TRANSITIONS)
 * and within the category's statuses, else 409 INVALID_STATUS_TRANSITION; a
 * reopening needs a note. Resolving an event made from a citizen's report
 * tells its reporter by email. Answers the event and the status it left.
 */
export async function changeEventStatus(
  db: TDatabase,
  jobs: TJobQueue,
  id: number,
  change: TEventStatusChangeParsed,
  auth: TAuthContext,
  actor: TActor,
): Promise<{ event: TEvent; previousStatus: TEventStatus }> {
  return db.transaction(async (tx) => {
    const before = await lockEventInScope(tx, id, auth);
    const allowed = await statusesOfCategory(tx, before.categoryId);
    if (!canTransition(before.status, change.status, allowed)) {
      throw new AppError('INVALID_STATUS_TRANSITION', {
        status: 409,
        message: `The event cannot move from ${before.status} to ${change.status}`,
      });
    }
    if (isReopening(before.status, change.status) && !change.note) {
      throw fieldErrors([{ property: 'note', error: 'MISSING_MESSAGE' }]);
    }
    await applyStatus(tx, before, change.status, change.note, actor);
    await tellReporterIfResolved(jobs, tx, id, before.status, change.status);
    return { event: await readEvent(tx, id, auth), previousStatus: before.status };
  });
}

/**
 * Ends a live event on the platform's behalf (a rule whose clear condition
 * held), along the same lifecycle as a person: RESOLVED, or CLOSED for a
 * category without RESOLVED, with a timeline row and an audit row. Runs in
 * the caller's transaction; answers the new status, or null when the event is
 * gone or no longer live (an operator finished it first).
 */
export async function finishEventAutomatically(
  tx: TExecutor,
  id: number,
  note: string,
  actor: TActor,
): Promise<TEventStatus | null> {
  const [before] = await tx.select().from(events).where(eq(events.id, id)).for('update');
  if (!before || !LIVE_EVENT_STATUSES.includes(before.status)) return null;
  const allowed = await statusesOfCategory(tx, before.categoryId);
  const to = (['RESOLVED', 'CLOSED'] as const).find((status) => canTransition(before.status, status, allowed));
  if (!to) return null;
  await applyStatus(tx, before, to, note, actor);
  return to;
}

const COMMENT_COLUMNS = sql`m.id, m.message, m.is_public, m.created_at,
  (select json_build_object('id', u.id, 'name', u.name) from users u where u.id = m.user_id) as author,
  (select json_build_object('id', n.id, 'name', n.name) from entities n where n.id = m.entity_id) as entity`;

async function requireEventInScope(db: TExecutor, id: number, auth: TAuthContext) {
  if (!(await isEventInScope(db, auth, id))) throw notFound();
}

/** GET /events/{id}/comments: every reply, internal and public, oldest first. */
export async function listEventComments(db: TExecutor, id: number, auth: TAuthContext): Promise<TEventComment[]> {
  await requireEventInScope(db, id, auth);
  const { rows } = await db.execute<TEventCommentRow>(
    sql`select ${COMMENT_COLUMNS} from event_comments m where m.event_id = ${id} order by m.id`,
  );
  return rows.map(toEventComment);
}

/**
 * The status a reply moves the event to: a user of the responsible entity
 * answers for it (statusOnDestinationReply), a user of the entity it came
 * from for the origin (statusOnOriginReply); when both are the same entity,
 * the responsible side wins. Null when nothing moves.
 */
function statusAfterReply(event: TStoredEvent, category: TStoredCategory, entityId: number): TEventStatus | null {
  const target =
    entityId === event.entityId
      ? category.statusOnDestinationReply
      : entityId === event.originEntityId
        ? category.statusOnOriginReply
        : null;
  if (!target) return null;
  return canTransition(event.status, target, category.eventStatuses as TEventStatus[]) ? target : null;
}

/**
 * POST /events/{id}/comments: the reply, on the timeline, and the status move
 * the category asks of it (a move to RESOLVED tells the reporter, as above).
 */
export async function addEventComment(
  db: TDatabase,
  jobs: TJobQueue,
  id: number,
  input: TEventCommentInputParsed,
  auth: TAuthContext,
  actor: TActor,
): Promise<{ comment: TEventComment; previousStatus: TEventStatus; status: TEventStatus }> {
  return db.transaction(async (tx) => {
    const before = await lockEventInScope(tx, id, auth);
    const [comment] = await tx
      .insert(eventComments)
      .values({
        eventId: id,
        message: input.message,
        isPublic: input.isPublic,
        userId: auth.user.id,
        entityId: auth.user.entityId,
      })
      .returning({ id: eventComments.id });
    await tx
      .insert(eventTimeline)
      .values({ eventId: id, kind: 'COMMENT', commentId: comment.id, userId: auth.user.id });
    await recordAudit(tx, actor, {
      action: 'COMMENT',
      recordType: 'event',
      recordId: id,
      after: { commentId: comment.id, isPublic: input.isPublic, message: input.message },
    });
    const [category] = await tx.select().from(eventCategories).where(eq(eventCategories.id, before.categoryId));
    const moveTo = statusAfterReply(before, category, auth.user.entityId);
    if (moveTo) {
      await applyStatus(tx, before, moveTo, null, actor);
      await tellReporterIfResolved(jobs, tx, id, before.status, moveTo);
    } else await tx.update(events).set({ updatedAt: sql`now()` }).where(eq(events.id, id));
    const { rows } = await tx.execute<TEventCommentRow>(
      sql`select ${COMMENT_COLUMNS} from event_comments m where m.id = ${comment.id}`,
    );
    return { comment: toEventComment(rows[0]), previousStatus: before.status, status: moveTo ?? before.status };
  });
}

/** GET /events/{id}/timeline: what happened to the event, oldest first. */
export async function listEventTimeline(db: TExecutor, id: number, auth: TAuthContext): Promise<TEventTimelineEntry[]> {
  await requireEventInScope(db, id, auth);
  const ref = (table: string, column: SQL) =>
    sql`(select json_build_object('id', r.id, 'name', r.name) from ${sql.raw(table)} r where r.id = ${column})`;
  const { rows } = await db.execute<TEventTimelineRow>(
    sql`select t.id, t.kind, t.from_status, t.to_status, t.note, t.created_at,
               ${ref('entities', sql`t.from_entity_id`)} as from_entity,
               ${ref('entities', sql`t.to_entity_id`)} as to_entity,
               ${ref('users', sql`t.user_id`)} as user_ref,
               (select json_build_object('id', m.id, 'message', m.message, 'is_public', m.is_public,
                                         'created_at', m.created_at,
                                         'author', ${ref('users', sql`m.user_id`)},
                                         'entity', ${ref('entities', sql`m.entity_id`)})
                  from event_comments m where m.id = t.comment_id) as comment
          from event_timeline t where t.event_id = ${id} order by t.id`,
  );
  return rows.map(toEventTimelineEntry);
}

// ---------------------------------------------------------------- transfers

/** The entity events are handed to must exist and be active; it may lie outside the caller's own scope. */
async function checkTransferTarget(db: TExecutor, entityId: number) {
  const { rows } = await db.execute(sql`select 1 from entities where id = ${entityId} and active`);
  if (rows.length === 0) throw fieldErrors([{ property: 'entityId', error: 'INVALID_ENTITY' }]);
}

async function applyTransfer(
  tx: TExecutor,
  before: TStoredEvent,
  transfer: TEventTransferParsed,
  actor: TActor,
): Promise<void> {
  await tx.update(events).set({ entityId: transfer.entityId, updatedAt: sql`now()` }).where(eq(events.id, before.id));
  await tx.insert(eventTimeline).values({
    eventId: before.id,
    kind: 'TRANSFER',
    fromEntityId: before.entityId,
    toEntityId: transfer.entityId,
    note: transfer.note,
    userId: actor.userId,
  });
  await recordAudit(tx, actor, {
    action: 'TRANSFER',
    recordType: 'event',
    recordId: before.id,
    before: { entityId: before.entityId },
    after: { entityId: transfer.entityId, note: transfer.note },
  });
}

/**
 * POST /events/{id}/transfer: hands the event to another entity. Answers the
 * event as it now is, even when the new entity lies outside the caller's scope.
 */
export async function transferEvent(
  db: TDatabase,
  id: number,
  transfer: TEventTransferParsed,
  auth: TAuthContext,
  actor: TActor,
): Promise<TEvent> {
  return db.transaction(async (tx) => {
    const before = await lockEventInScope(tx, id, auth);
    await checkTransferTarget(tx, transfer.entityId);
    if (before.entityId === transfer.entityId) {
      throw fieldErrors([{ property: 'entityId', error: 'INVALID_ENTITY' }]);
    }
    await applyTransfer(tx, before, transfer, actor);
    const row = await findEventRow(tx, id);
    return toEvent(row as TEventRow, await listDocumentsOf(tx, 'EVENT', id), canManageEvents(auth));
  });
}

/**
 * POST /events/transfer: all the events or none, in one transaction. An id
 * that is missing or out of the caller's scope refuses the lot (INVALID_EVENTS);
 * events already with the entity are left as they are.
 */
export async function transferEvents(
  db: TDatabase,
  transfer: TEventBulkTransferParsed,
  auth: TAuthContext,
  actor: TActor,
): Promise<{ success: true; transferred: number }> {
  return db.transaction(async (tx) => {
    const scope = eventInScopeSql(auth, { entity: sql`${events.entityId}`, origin: sql`${events.originEntityId}` });
    const rows = await tx
      .select()
      .from(events)
      .where(and(sql`${events.id} = any(${sql.param(transfer.ids)}::int[])`, scope))
      .orderBy(events.id)
      .for('update');
    if (rows.length !== transfer.ids.length) throw fieldErrors([{ property: 'ids', error: 'INVALID_EVENTS' }]);
    await checkTransferTarget(tx, transfer.entityId);
    let transferred = 0;
    for (const before of rows) {
      if (before.entityId === transfer.entityId) continue;
      await applyTransfer(tx, before, transfer, actor);
      transferred++;
    }
    return { success: true as const, transferred };
  });
}
