import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea, timestamps } from './columns.ts';
import { entities, users } from './identity.ts';
import { mobilitySystems } from './mobility.ts';

const EVENT_STATUS = ['OPEN', 'IN_PROGRESS', 'PENDING', 'RESOLVED', 'CLOSED'] as const;

/** What kind of occurrence an event is, who handles it and what the public may do with it. */
export const eventCategories = pgTable(
  'event_categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** SVG markup, sanitised before it is stored; answered as a base64 data URL. */
    icon: text('icon'),
    categoryType: text('category_type', { enum: ['GENERIC', 'TRAFFIC_CLOSED', 'TRAFFIC_HAZARD'] })
      .notNull()
      .default('GENERIC'),
    allowPublic: boolean('allow_public').notNull().default(false),
    /** Set to none if the entity is deleted: the category stays, unallocated. */
    allocatedToEntityId: integer('allocated_to_entity_id').references(() => entities.id, { onDelete: 'set null' }),
    reportAgentUserId: integer('report_agent_user_id').references(() => users.id),
    allowGeometry: boolean('allow_geometry').notNull().default(true),
    allowPhotoUpload: boolean('allow_photo_upload').notNull().default(true),
    eventStatuses: text('event_statuses')
      .array()
      .notNull()
      .default(sql`'{OPEN,IN_PROGRESS,PENDING,RESOLVED,CLOSED}'::text[]`),
    limitUserType: text('limit_user_type'),
    statusOnOriginReply: text('status_on_origin_reply', { enum: EVENT_STATUS }),
    statusOnDestinationReply: text('status_on_destination_reply', { enum: EVENT_STATUS }),
    active: boolean('active').notNull().default(true),
    searchText: text('search_text').generatedAlwaysAs(sql`lower(f_unaccent("name"))`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('event_categories_name_idx').on(sql`lower(f_unaccent(${t.name}))`),
    index('event_categories_search_text_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** An incident: road works, a closure, a hazard, a disruption of a transport service. */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    categoryId: integer('category_id')
      .notNull()
      .references(() => eventCategories.id),
    /** Chosen by the operator: a planned event, announced ahead. Whether it has started is read from fromTimestamp. */
    isFuture: boolean('is_future').notNull().default(false),
    fromTimestamp: timestamp('from_timestamp', { withTimezone: true }).notNull(),
    toTimestamp: timestamp('to_timestamp', { withTimezone: true }),
    /** GeoJSON FeatureCollection; features with isAlternative are the alternative paths. */
    geojson: jsonb('geojson').notNull(),
    /** Bounding box of the event's own parts (not its alternative paths). */
    minLatitude: doublePrecision('min_latitude').notNull(),
    maxLatitude: doublePrecision('max_latitude').notNull(),
    minLongitude: doublePrecision('min_longitude').notNull(),
    maxLongitude: doublePrecision('max_longitude').notNull(),
    priority: text('priority', { enum: ['LOW', 'NORMAL', 'HIGH', 'CRITICAL'] })
      .notNull()
      .default('NORMAL'),
    status: text('status', { enum: EVENT_STATUS }).notNull().default('OPEN'),
    direction: text('direction', { enum: ['ONE_DIRECTION', 'BOTH_DIRECTION'] }),
    subType: text('sub_type'),
    isPublic: boolean('is_public').notNull().default(true),
    /** The responsible entity (destination): changes on transfer. */
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    /** The entity that raised it (origin): the creator's entity, or the category's for a citizen report. */
    originEntityId: integer('origin_entity_id').references(() => entities.id),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The citizen report this event was made from (the request links back through its event_id). */
    eventRequestId: integer('event_request_id'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    searchText: text('search_text').generatedAlwaysAs(sql`lower(f_unaccent("title" || ' ' || "description"))`),
    ...timestamps,
  },
  (t) => [
    index('events_category_idx').on(t.categoryId),
    index('events_entity_idx').on(t.entityId),
    // Scoped searches match the responsible OR the origin entity: both sides need an index.
    index('events_origin_entity_idx').on(t.originEntityId),
    index('events_status_idx').on(t.status),
    // The list's default order (newest start first) read from the index, not sorted per query.
    index('events_from_order_idx').on(sql`${t.fromTimestamp} desc`, sql`${t.id} desc`),
    index('events_created_idx').on(t.createdAt),
    index('events_search_text_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The map, /incidents and the feeds read only live public events.
    index('events_live_public_idx')
      .on(t.fromTimestamp)
      .where(sql`${t.isPublic} and ${t.status} in ('OPEN', 'IN_PROGRESS', 'PENDING')`),
    uniqueIndex('events_event_request_idx').on(t.eventRequestId),
  ],
);

/** Mobility systems an event affects: their cards list it and the GTFS-RT feed names them. */
export const eventAffectedSystems = pgTable(
  'event_affected_systems',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    systemId: integer('system_id')
      .notNull()
      .references(() => mobilitySystems.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.systemId] }), index('event_affected_systems_system_idx').on(t.systemId)],
);

/** Replies on an event: internal notes between entities, or public updates shown on the incident card. */
export const eventComments = pgTable(
  'event_comments',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    entityId: integer('entity_id').references(() => entities.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_comments_event_idx').on(t.eventId, t.id)],
);

/** Everything that happened to an event, in order: the timeline on its page. */
export const eventTimeline = pgTable(
  'event_timeline',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['CREATED', 'UPDATED', 'STATUS', 'TRANSFER', 'COMMENT', 'REQUEST_ACCEPTED'],
    }).notNull(),
    fromStatus: text('from_status', { enum: EVENT_STATUS }),
    toStatus: text('to_status', { enum: EVENT_STATUS }),
    fromEntityId: integer('from_entity_id').references(() => entities.id),
    toEntityId: integer('to_entity_id').references(() => entities.id),
    note: text('note'),
    commentId: integer('comment_id').references(() => eventComments.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_timeline_event_idx').on(t.eventId, t.id)],
);

/** An occurrence reported by the public, waiting for staff to accept or reject it. */
export const eventRequests = pgTable(
  'event_requests',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => eventCategories.id),
    participantName: text('participant_name').notNull(),
    participantEmail: text('participant_email').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** GeoJSON geometry, when the category allows a location. */
    geometry: jsonb('geometry'),
    status: text('status', { enum: ['PENDING', 'ACCEPTED', 'REJECTED'] })
      .notNull()
      .default('PENDING'),
    reason: text('reason'),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    /** The reporter's language, for the replies sent by email. */
    language: text('language').notNull().default('pt-PT'),
    /** Where it came from: the map's form or the Open311 endpoint. */
    source: text('source', { enum: ['PORTAL', 'OPEN311'] })
      .notNull()
      .default('PORTAL'),
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(f_unaccent("title" || ' ' || "participant_name" || ' ' || "participant_email"))`,
    ),
    ...timestamps,
  },
  (t) => [
    index('event_requests_status_idx').on(t.status, t.id),
    index('event_requests_category_idx').on(t.categoryId),
    index('event_requests_search_text_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * The links to a reporter's private follow-up page (/report/{token}): the one
 * shown when they sent the report, and one per email that carries it, each
 * issued when it is given out. Only the token's SHA-256 is kept.
 */
export const eventRequestFollowUps = pgTable(
  'event_request_follow_ups',
  {
    tokenHash: bytea('token_hash').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => eventRequests.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_request_follow_ups_request_idx').on(t.requestId)],
);

export const eventRequestSystems = pgTable(
  'event_request_systems',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => eventRequests.id, { onDelete: 'cascade' }),
    systemId: integer('system_id')
      .notNull()
      .references(() => mobilitySystems.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.systemId] })],
);
