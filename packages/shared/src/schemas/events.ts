import { z } from 'zod';
import { USER_TYPES } from '../permissions.ts';
import { missingOr, nullableId, requiredId, ZFlexBoolean, ZId, ZPageQuery, ZQueryList, ZSearchText } from './common.ts';
import { ZDocumentSummary } from './documents.ts';
import { requiredShapeInput, ZBoundingBox, ZGeometry } from './mobility.ts';

/**
 * Events (incidents) and their categories: spec 001 §3 "Event category" and
 * "Incident/event", §4, §5, §9; console routes in spec 000 §2.
 */

// ---------------------------------------------------------------- vocabularies

export const EVENT_CATEGORY_TYPES = ['GENERIC', 'TRAFFIC_CLOSED', 'TRAFFIC_HAZARD'] as const;
export type TEventCategoryType = (typeof EVENT_CATEGORY_TYPES)[number];

export const EVENT_PRIORITIES = ['LOW', 'NORMAL', 'HIGH', 'CRITICAL'] as const;
export type TEventPriority = (typeof EVENT_PRIORITIES)[number];

export const EVENT_STATUSES = ['OPEN', 'IN_PROGRESS', 'PENDING', 'RESOLVED', 'CLOSED'] as const;
export type TEventStatus = (typeof EVENT_STATUSES)[number];

export const EVENT_DIRECTIONS = ['ONE_DIRECTION', 'BOTH_DIRECTION'] as const;
export type TEventDirection = (typeof EVENT_DIRECTIONS)[number];

export const EVENT_SUB_TYPES = [
  'HAZARD_ON_ROAD',
  'HAZARD_ON_ROAD_CONSTRUCTION',
  'HAZARD_ON_ROAD_POT_HOLE',
  'HAZARD_WEATHER',
  'ROAD_CLOSED_HAZARD',
  'ROAD_CLOSED_CONSTRUCTION',
  'ROAD_CLOSED_EVENT',
] as const;
export type TEventSubType = (typeof EVENT_SUB_TYPES)[number];

/**
 * Road categories describe traffic for the Waze feed: a closure or a hazard
 * needs a direction and a sub-type of its own kind; generic ones need neither.
 */
export const SUB_TYPES_BY_CATEGORY_TYPE: Record<TEventCategoryType, readonly TEventSubType[]> = {
  GENERIC: [],
  TRAFFIC_CLOSED: ['ROAD_CLOSED_HAZARD', 'ROAD_CLOSED_CONSTRUCTION', 'ROAD_CLOSED_EVENT'],
  TRAFFIC_HAZARD: ['HAZARD_ON_ROAD', 'HAZARD_ON_ROAD_CONSTRUCTION', 'HAZARD_ON_ROAD_POT_HOLE', 'HAZARD_WEATHER'],
};

/** Spec 001 §9: incident colours on the map. */
export const CURRENT_EVENT_COLOUR = '#eb6609';
export const FUTURE_EVENT_COLOUR = '#c91010';
/** Spec 001 §9: a feature drawn as a circle has this radius, in metres. */
export const EVENT_CIRCLE_RADIUS_METRES = 100;
/** Spec 001 §9: the map's incident sub-filter "created more than … ago". */
export const EVENT_CREATED_BEFORE_OPTIONS = ['ONE_DAY', 'ONE_WEEK', 'ONE_MONTH', 'THREE_MONTHS', 'SIX_MONTHS'] as const;
export type TEventCreatedBefore = (typeof EVENT_CREATED_BEFORE_OPTIONS)[number];

// ---------------------------------------------------------------- lifecycle

/**
 * The status lifecycle (the spec leaves transitions open; this is ours):
 * work moves forward through IN_PROGRESS and PENDING (waiting on someone
 * else) to RESOLVED; CLOSED is the operator's final word. A resolved or
 * closed event can be reopened, with a note saying why. OPEN is where every
 * event starts and the only way back.
 */
export const EVENT_STATUS_TRANSITIONS: Record<TEventStatus, readonly TEventStatus[]> = {
  OPEN: ['IN_PROGRESS', 'PENDING', 'RESOLVED', 'CLOSED'],
  IN_PROGRESS: ['OPEN', 'PENDING', 'RESOLVED', 'CLOSED'],
  PENDING: ['OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'],
  RESOLVED: ['OPEN', 'CLOSED'],
  CLOSED: ['OPEN'],
};
/** Statuses in which an event is still live: on the map, in /incidents and in the open feeds. */
export const LIVE_EVENT_STATUSES: readonly TEventStatus[] = ['OPEN', 'IN_PROGRESS', 'PENDING'];
/** Moving out of these back to OPEN is a reopening: it needs a note. */
export const FINISHED_EVENT_STATUSES: readonly TEventStatus[] = ['RESOLVED', 'CLOSED'];

export function canTransition(from: TEventStatus, to: TEventStatus, allowed: readonly TEventStatus[] = EVENT_STATUSES) {
  return from !== to && EVENT_STATUS_TRANSITIONS[from].includes(to) && allowed.includes(to);
}

export function isReopening(from: TEventStatus, to: TEventStatus): boolean {
  return FINISHED_EVENT_STATUSES.includes(from) && to === 'OPEN';
}

// ---------------------------------------------------------------- categories

export const EVENT_CATEGORY_ICON_MAX_CHARS = 64 * 1024;

const ZName = z
  .string({ error: 'MISSING_NAME' })
  .trim()
  .min(1, { error: 'MISSING_NAME' })
  .max(200, { error: 'INVALID_NAME' });

const optionalStatus = (code: string) =>
  z
    .enum(EVENT_STATUSES, { error: code })
    .nullish()
    .transform((value) => value ?? null);

export const ZEventCategoryInput = z.object({
  name: ZName,
  /** SVG markup; the server sanitises it and answers it as a base64 data URL. */
  icon: z
    .string({ error: 'INVALID_ICON' })
    .max(EVENT_CATEGORY_ICON_MAX_CHARS, { error: 'INVALID_ICON' })
    .nullish()
    .transform((value) => (value?.trim() ? value : null)),
  categoryType: z.enum(EVENT_CATEGORY_TYPES, { error: missingOr('MISSING_TYPE', 'INVALID_TYPE') }),
  /** Visitors may report it and see its events (allow public). */
  allowPublic: z.boolean({ error: 'INVALID_VALUE' }).default(false),
  /** The entity new events and reports of this category are allocated to (initialAgentEntity). */
  allocatedToEntityId: nullableId('INVALID_ENTITY'),
  /** The user who handles reports of this category (initialAgent, the report agent). */
  reportAgentUserId: nullableId('INVALID_USER'),
  /** A report must / may carry a location (allowGeometry). */
  allowGeometry: z.boolean({ error: 'INVALID_VALUE' }).default(true),
  allowPhotoUpload: z.boolean({ error: 'INVALID_VALUE' }).default(true),
  /** The statuses events of this category go through; OPEN is always among them. */
  eventStatuses: z
    .array(z.enum(EVENT_STATUSES, { error: 'INVALID_STATUS' }), { error: 'INVALID_STATUS' })
    .max(EVENT_STATUSES.length)
    .default([...EVENT_STATUSES])
    .transform((statuses) => EVENT_STATUSES.filter((status) => status === 'OPEN' || statuses.includes(status))),
  /** Only users of this type may create events of the category; null for anyone. */
  limitUserType: z
    .enum(USER_TYPES, { error: 'INVALID_TYPE' })
    .nullish()
    .transform((value) => value ?? null),
  /** The status an event moves to when its origin entity replies (comments), if any. */
  statusOnOriginReply: optionalStatus('INVALID_STATUS'),
  /** The status an event moves to when its responsible entity replies, if any. */
  statusOnDestinationReply: optionalStatus('INVALID_STATUS'),
  active: z.boolean({ error: 'MISSING_ENABLED' }).default(true),
});
export type TEventCategoryInput = z.input<typeof ZEventCategoryInput>;

const ZRef = z.object({ id: z.number().int(), name: z.string() });

export const ZEventCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  /** data:image/svg+xml;base64,… */
  icon: z.string().nullable(),
  categoryType: z.enum(EVENT_CATEGORY_TYPES),
  allowPublic: z.boolean(),
  allocatedToEntity: ZRef.nullable(),
  reportAgent: ZRef.nullable(),
  allowGeometry: z.boolean(),
  allowPhotoUpload: z.boolean(),
  eventStatuses: z.array(z.enum(EVENT_STATUSES)),
  limitUserType: z.enum(USER_TYPES).nullable(),
  statusOnOriginReply: z.enum(EVENT_STATUSES).nullable(),
  statusOnDestinationReply: z.enum(EVENT_STATUSES).nullable(),
  active: z.boolean(),
  eventsCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TEventCategory = z.infer<typeof ZEventCategory>;

/** GET /event-categories/list (spec 001 §7): id, name, icon — active categories; visitors get the public ones. */
export const ZEventCategoryListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string().nullable(),
  categoryType: z.enum(EVENT_CATEGORY_TYPES),
  allowGeometry: z.boolean(),
  allowPhotoUpload: z.boolean(),
});
export type TEventCategoryListItem = z.infer<typeof ZEventCategoryListItem>;

export const EVENT_CATEGORY_SORT_PROPERTIES = ['name', 'categoryType', 'active', 'updatedAt'] as const;

/** GET /event-categories/search (spec 001 §7): sortProperty=name, sortDirection=ASC, currentPage, itemsPerPage, isPublic. */
export const ZEventCategorySearchQuery = ZPageQuery.extend({
  sortProperty: z.enum(EVENT_CATEGORY_SORT_PROPERTIES).optional(),
  universalSearch: ZSearchText,
  isPublic: ZFlexBoolean.optional(),
  active: ZFlexBoolean.optional(),
  categoryType: z.enum(EVENT_CATEGORY_TYPES).optional(),
});
export type TEventCategorySearchQuery = z.input<typeof ZEventCategorySearchQuery>;

// ---------------------------------------------------------------- event geometry

/**
 * Per-feature properties of an event's GeoJSON (spec 001 §3 map feature
 * properties): an alternative path is a feature of the same event with
 * isAlternative; a point drawn as a circle has isCircle.
 */
export const ZEventFeatureProperties = z
  .object({
    isAlternative: z.boolean().optional(),
    showDirections: z.boolean().optional(),
    direction: z.enum(EVENT_DIRECTIONS).optional(),
    color: z.string().max(64).optional(),
    textMarker: z.string().max(200).optional(),
    isCircle: z.boolean().optional(),
  })
  .strip();
export type TEventFeatureProperties = z.infer<typeof ZEventFeatureProperties>;

export const MAX_EVENT_FEATURES = 200;

export const ZEventFeature = z.object({
  type: z.literal('Feature'),
  geometry: ZGeometry,
  // A codec, not a transform: answers carrying an event's GeoJSON are encoded by the same schema.
  properties: z.codec(ZEventFeatureProperties.nullish(), ZEventFeatureProperties, {
    decode: (value) => value ?? {},
    encode: (value) => value,
  }),
});
export type TEventFeature = z.infer<typeof ZEventFeature>;

export const ZEventGeoJson = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(ZEventFeature).max(MAX_EVENT_FEATURES),
});
export type TEventGeoJson = z.infer<typeof ZEventGeoJson>;

/**
 * The event's shape in a form: MISSING_GEOMETRY when there is no drawn part
 * (alternative paths alone do not place an incident), INVALID_GEOMETRY when malformed.
 */
export const ZEventGeoJsonInput = requiredShapeInput(ZEventGeoJson, (geojson) =>
  geojson.features.some((feature) => !feature.properties.isAlternative),
);

// ---------------------------------------------------------------- events

const ZTimestampInput = (missing: string, invalid: string) =>
  z.iso.datetime({ offset: true, error: missingOr(missing, invalid) });

export const ZEventInput = z
  .object({
    title: z
      .string({ error: 'MISSING_TITLE' })
      .trim()
      .min(1, { error: 'MISSING_TITLE' })
      .max(300, { error: 'INVALID_TITLE' }),
    description: z
      .string({ error: 'INVALID_DESCRIPTION' })
      .trim()
      .max(10_000, { error: 'INVALID_DESCRIPTION' })
      .nullish()
      .transform((value) => value ?? ''),
    categoryId: requiredId('MISSING_CATEGORY', 'INVALID_CATEGORY'),
    /** A planned event (works, a race): it starts after now and shows in the future colour until then. */
    isFuture: z.boolean({ error: 'INVALID_VALUE' }).default(false),
    fromTimestamp: ZTimestampInput('MISSING_FROM_TIMESTAMP', 'INVALID_FROM_TIMESTAMP'),
    toTimestamp: z.iso
      .datetime({ offset: true, error: 'INVALID_TO_TIMESTAMP' })
      .nullish()
      .transform((value) => value ?? null),
    geojson: ZEventGeoJsonInput,
    priority: z.enum(EVENT_PRIORITIES, { error: missingOr('MISSING_PRIORITY', 'INVALID_PRIORITY') }).default('NORMAL'),
    direction: z
      .enum(EVENT_DIRECTIONS, { error: 'INVALID_DIRECTION' })
      .nullish()
      .transform((value) => value ?? null),
    subType: z
      .enum(EVENT_SUB_TYPES, { error: 'INVALID_SUB_TYPE' })
      .nullish()
      .transform((value) => value ?? null),
    isPublic: z.boolean({ error: 'INVALID_VALUE' }).default(true),
    /** Mobility systems the event affects (suggested from the geometry, editable). */
    affectedSystemIds: z
      .array(ZId, { error: 'INVALID_AFFECTED_SYSTEMS' })
      .max(1000, { error: 'INVALID_AFFECTED_SYSTEMS' })
      .default([])
      .transform((ids) => [...new Set(ids)]),
    /** The responsible entity; defaults to the category's allocated entity, then to the creator's entity. */
    entityId: nullableId('INVALID_ENTITY'),
  })
  .superRefine((event, context) => {
    if (event.toTimestamp && Date.parse(event.toTimestamp) <= Date.parse(event.fromTimestamp)) {
      context.addIssue({ code: 'custom', path: ['toTimestamp'], message: 'INVALID_TO_TIMESTAMP' });
    }
  });
export type TEventInput = z.input<typeof ZEventInput>;
export type TEventInputParsed = z.output<typeof ZEventInput>;

/** Field rules that need the category (the server checks them after reading it). */
export function eventCategoryProblems(
  event: Pick<TEventInputParsed, 'direction' | 'subType'>,
  categoryType: TEventCategoryType,
): { property: 'direction' | 'subType'; error: string }[] {
  if (categoryType === 'GENERIC') return [];
  const problems: { property: 'direction' | 'subType'; error: string }[] = [];
  if (!event.direction) problems.push({ property: 'direction', error: 'MISSING_DIRECTION' });
  if (!event.subType) problems.push({ property: 'subType', error: 'MISSING_SUB_TYPE' });
  else if (!SUB_TYPES_BY_CATEGORY_TYPE[categoryType].includes(event.subType))
    problems.push({ property: 'subType', error: 'INVALID_SUB_TYPE' });
  return problems;
}

const ZSystemRef = z.object({ id: z.number().int(), name: z.string(), parentName: z.string() });

export const ZEventCategoryRef = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string().nullable(),
  categoryType: z.enum(EVENT_CATEGORY_TYPES),
});

/** The full event, as the console edits it (spec 001 §3 Incident/event). */
export const ZEvent = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: ZEventCategoryRef,
  /** True while the event has not started yet. */
  isFuture: z.boolean(),
  fromTimestamp: z.string(),
  toTimestamp: z.string().nullable(),
  boundingBox: ZBoundingBox,
  geojson: ZEventGeoJson,
  priority: z.enum(EVENT_PRIORITIES),
  status: z.enum(EVENT_STATUSES),
  /** Where the status may go next, for this caller and this category. */
  nextStatuses: z.array(z.enum(EVENT_STATUSES)),
  direction: z.enum(EVENT_DIRECTIONS).nullable(),
  subType: z.enum(EVENT_SUB_TYPES).nullable(),
  isPublic: z.boolean(),
  entity: ZRef,
  originEntity: ZRef.nullable(),
  createdBy: ZRef.nullable(),
  affectedSystems: z.array(ZSystemRef),
  /** The citizen report it came from, if any. */
  eventRequestId: z.number().int().nullable(),
  /** Photos (spec: files) and PDFs (spec: documents). */
  files: z.array(ZDocumentSummary),
  documents: z.array(ZDocumentSummary),
  resolvedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TEvent = z.infer<typeof ZEvent>;

export const ZEventListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  category: ZRef,
  isFuture: z.boolean(),
  fromTimestamp: z.string(),
  toTimestamp: z.string().nullable(),
  priority: z.enum(EVENT_PRIORITIES),
  status: z.enum(EVENT_STATUSES),
  isPublic: z.boolean(),
  entity: ZRef,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TEventListItem = z.infer<typeof ZEventListItem>;

export const EVENT_SORT_PROPERTIES = [
  'id',
  'title',
  'categoryName',
  'priority',
  'status',
  'fromTimestamp',
  'toTimestamp',
  'entityName',
  'createdAt',
  'updatedAt',
] as const;

/** Current: started and not ended; future: not started yet. */
export const EVENT_TIME_FILTERS = ['CURRENT', 'FUTURE', 'PAST'] as const;
export type TEventTimeFilter = (typeof EVENT_TIME_FILTERS)[number];

/** GET /events/search: the console list (MANAGE_EVENTS), within the caller's entities. */
export const ZEventSearchQuery = ZPageQuery.extend({
  sortProperty: z.enum(EVENT_SORT_PROPERTIES).optional(),
  universalSearch: ZSearchText,
  categoryId: ZQueryList(ZId),
  status: ZQueryList(z.enum(EVENT_STATUSES)),
  priority: ZQueryList(z.enum(EVENT_PRIORITIES)),
  entityId: ZQueryList(ZId),
  time: z.enum(EVENT_TIME_FILTERS).optional(),
  isPublic: ZFlexBoolean.optional(),
  /** Events whose span touches [fromDate, toDate] (ISO timestamps; toDate is end-of-day from the date input). */
  fromDate: z.iso.datetime({ offset: true }).optional(),
  toDate: z.iso.datetime({ offset: true }).optional(),
  /** Created before (the map's "created more than … ago"). */
  createdBefore: z.iso.datetime({ offset: true }).optional(),
  systemId: ZId.optional(),
});
export type TEventSearchQuery = z.input<typeof ZEventSearchQuery>;

// ---------------------------------------------------------------- lifecycle calls

const ZNote = (missing: string | null) =>
  z
    .string({ error: 'INVALID_MESSAGE' })
    .trim()
    .max(5000, { error: 'INVALID_MESSAGE' })
    .nullish()
    .transform((value, context) => {
      if (!value && missing) {
        context.addIssue({ code: 'custom', message: missing });
        return z.NEVER;
      }
      return value || null;
    });

/** PUT /events/{id}/status: a reopening (RESOLVED/CLOSED → OPEN) needs a note (MISSING_MESSAGE). */
export const ZEventStatusChange = z.object({
  status: z.enum(EVENT_STATUSES, { error: missingOr('MISSING_STATUS', 'INVALID_STATUS') }),
  note: ZNote(null),
});
export type TEventStatusChange = z.input<typeof ZEventStatusChange>;

/** POST /events/{id}/comments. Internal comments stay with staff; public ones show on the incident card. */
export const ZEventCommentInput = z.object({
  message: z
    .string({ error: 'MISSING_MESSAGE' })
    .trim()
    .min(1, { error: 'MISSING_MESSAGE' })
    .max(5000, { error: 'INVALID_MESSAGE' }),
  isPublic: z.boolean({ error: 'INVALID_VALUE' }).default(false),
});
export type TEventCommentInput = z.input<typeof ZEventCommentInput>;

export const ZEventComment = z.object({
  id: z.number().int(),
  message: z.string(),
  isPublic: z.boolean(),
  author: ZRef.nullable(),
  entity: ZRef.nullable(),
  createdAt: z.string(),
});
export type TEventComment = z.infer<typeof ZEventComment>;

/** POST /events/{id}/transfer and POST /events/transfer (bulk: ids). */
export const ZEventTransfer = z.object({
  entityId: requiredId('MISSING_ENTITY', 'INVALID_ENTITY'),
  note: ZNote(null),
});
export type TEventTransfer = z.input<typeof ZEventTransfer>;

export const MAX_BULK_TRANSFER = 500;
export const ZEventBulkTransfer = ZEventTransfer.extend({
  ids: z
    .array(ZId, { error: 'MISSING_EVENTS' })
    .min(1, { error: 'MISSING_EVENTS' })
    .max(MAX_BULK_TRANSFER, { error: 'INVALID_EVENTS' })
    .transform((ids) => [...new Set(ids)]),
});
export type TEventBulkTransfer = z.input<typeof ZEventBulkTransfer>;

export const EVENT_TIMELINE_KINDS = [
  'CREATED',
  'UPDATED',
  'STATUS',
  'TRANSFER',
  'COMMENT',
  'REQUEST_ACCEPTED',
] as const;
export type TEventTimelineKind = (typeof EVENT_TIMELINE_KINDS)[number];

/** GET /events/{id}/timeline: what happened to the event, oldest first. */
export const ZEventTimelineEntry = z.object({
  id: z.number().int(),
  kind: z.enum(EVENT_TIMELINE_KINDS),
  fromStatus: z.enum(EVENT_STATUSES).nullable(),
  toStatus: z.enum(EVENT_STATUSES).nullable(),
  fromEntity: ZRef.nullable(),
  toEntity: ZRef.nullable(),
  note: z.string().nullable(),
  comment: ZEventComment.nullable(),
  user: ZRef.nullable(),
  createdAt: z.string(),
});
export type TEventTimelineEntry = z.infer<typeof ZEventTimelineEntry>;

// ---------------------------------------------------------------- public side

/** GET /events/public/{id}: the incident card; only public, live or future events of public categories. */
export const ZPublicEvent = ZEvent.pick({
  id: true,
  title: true,
  description: true,
  category: true,
  isFuture: true,
  fromTimestamp: true,
  toTimestamp: true,
  boundingBox: true,
  geojson: true,
  priority: true,
  status: true,
  direction: true,
  subType: true,
  affectedSystems: true,
  files: true,
  documents: true,
  updatedAt: true,
}).extend({
  /** Public comments (updates for the public), newest first. */
  updates: z.array(ZEventComment.pick({ id: true, message: true, createdAt: true })),
});
export type TPublicEvent = z.infer<typeof ZPublicEvent>;

/** GET /events/public: the /incidents list. */
export const ZPublicEventSearchQuery = ZPageQuery.extend({
  sortProperty: z.enum(['fromTimestamp', 'priority', 'title', 'updatedAt']).optional(),
  universalSearch: ZSearchText,
  time: z.enum(['CURRENT', 'FUTURE']).optional(),
  categoryId: ZQueryList(ZId),
  priority: ZQueryList(z.enum(EVENT_PRIORITIES)),
  createdBefore: z.iso.datetime({ offset: true }).optional(),
});
export type TPublicEventSearchQuery = z.input<typeof ZPublicEventSearchQuery>;

/** A row of the /incidents list: the card's head. */
export const ZPublicEventListItem = ZPublicEvent.pick({
  id: true,
  title: true,
  category: true,
  isFuture: true,
  fromTimestamp: true,
  toTimestamp: true,
  priority: true,
  boundingBox: true,
  affectedSystems: true,
});
export type TPublicEventListItem = z.infer<typeof ZPublicEventListItem>;

/** Properties of an incident feature in GET /map/ (spec 001 §3 map feature properties). */
export const ZEventMapFeatureProperties = ZEventFeatureProperties.extend({
  _eid: z.number().int(),
  title: z.string(),
  _category_id: z.number().int(),
  _priority: z.enum(EVENT_PRIORITIES),
  _creation_date: z.string(),
  _is_public: z.boolean(),
});
export type TEventMapFeatureProperties = z.infer<typeof ZEventMapFeatureProperties>;
