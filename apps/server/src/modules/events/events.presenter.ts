import {
  canTransition,
  EVENT_STATUSES,
  type TDocumentSummary,
  type TEvent,
  type TEventComment,
  type TEventGeoJson,
  type TEventListItem,
  type TEventStatus,
  type TEventTimelineEntry,
  type TPublicEvent,
  type TPublicEventListItem,
} from '@mip/shared';
import { formatCsvRow } from '../../lib/csv.ts';
import { toIsoTimestamp, toIsoTimestampOrNull } from '../../lib/timestamps.ts';
import { toIconDataUrl } from '../event-categories/event-categories.presenter.ts';

type TRef = { id: number; name: string };
type TSystemRef = { id: number; name: string; parentName: string };
type TTimestamp = Date | string;

type TCategoryRefRow = {
  id: number;
  name: string;
  icon: string | null;
  categoryType: TEvent['category']['categoryType'];
};

type TBoxColumns = {
  min_latitude: number;
  max_latitude: number;
  min_longitude: number;
  max_longitude: number;
};

export type TEventRow = TBoxColumns & {
  id: number;
  title: string;
  description: string;
  category: TCategoryRefRow;
  event_statuses: TEventStatus[];
  from_timestamp: TTimestamp;
  to_timestamp: TTimestamp | null;
  geojson: TEventGeoJson;
  priority: TEvent['priority'];
  status: TEventStatus;
  direction: TEvent['direction'];
  sub_type: TEvent['subType'];
  is_public: boolean;
  is_future: boolean;
  entity: TRef;
  origin_entity: TRef | null;
  created_by: TRef | null;
  affected_systems: TSystemRef[];
  event_request_id: number | null;
  resolved_at: TTimestamp | null;
  closed_at: TTimestamp | null;
  created_at: TTimestamp;
  updated_at: TTimestamp;
};

export type TEventListRow = {
  id: number;
  title: string;
  category_id: number;
  category_name: string;
  from_timestamp: TTimestamp;
  to_timestamp: TTimestamp | null;
  priority: TEvent['priority'];
  status: TEventStatus;
  is_public: boolean;
  entity_id: number;
  entity_name: string;
  created_at: TTimestamp;
  updated_at: TTimestamp;
};

export type TPublicEventListRow = TBoxColumns & {
  id: number;
  title: string;
  category: TCategoryRefRow;
  from_timestamp: TTimestamp;
  to_timestamp: TTimestamp | null;
  priority: TEvent['priority'];
  affected_systems: TSystemRef[];
};

/** isFuture as answered: the event has not started yet (the stored flag is only the operator's plan). */
const hasNotStarted = (fromTimestamp: TTimestamp) => new Date(fromTimestamp).getTime() > Date.now();

const boundingBoxOf = (row: TBoxColumns) => ({
  minLatitude: row.min_latitude,
  maxLatitude: row.max_latitude,
  minLongitude: row.min_longitude,
  maxLongitude: row.max_longitude,
});

const toCategoryRef = (category: TCategoryRefRow) => ({
  id: category.id,
  name: category.name,
  icon: toIconDataUrl(category.icon),
  categoryType: category.categoryType,
});

/** Where the status may go next within the category's statuses; nowhere for a caller who may not change it. */
export function nextStatusesOf(status: TEventStatus, allowed: readonly TEventStatus[], canChange: boolean) {
  return canChange ? EVENT_STATUSES.filter((next) => canTransition(status, next, allowed)) : [];
}

/** Photos are the spec's `files` of an event, PDFs its `documents`. */
function splitDocuments(attached: TDocumentSummary[]) {
  return {
    files: attached.filter((document) => document.category === 'PHOTO'),
    documents: attached.filter((document) => document.category === 'FILE'),
  };
}

/** What the console's event and the public card both show of an event, with its documents split. */
function toEventFields(row: TEventRow, attached: TDocumentSummary[]) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: toCategoryRef(row.category),
    isFuture: hasNotStarted(row.from_timestamp),
    fromTimestamp: toIsoTimestamp(row.from_timestamp),
    toTimestamp: toIsoTimestampOrNull(row.to_timestamp),
    boundingBox: boundingBoxOf(row),
    geojson: row.geojson,
    priority: row.priority,
    status: row.status,
    direction: row.direction,
    subType: row.sub_type,
    affectedSystems: row.affected_systems,
    ...splitDocuments(attached),
    updatedAt: toIsoTimestamp(row.updated_at),
  };
}

export function toEvent(row: TEventRow, attached: TDocumentSummary[], canChangeStatus: boolean): TEvent {
  return {
    ...toEventFields(row, attached),
    nextStatuses: nextStatusesOf(row.status, row.event_statuses, canChangeStatus),
    isPublic: row.is_public,
    entity: row.entity,
    originEntity: row.origin_entity,
    createdBy: row.created_by,
    eventRequestId: row.event_request_id,
    resolvedAt: toIsoTimestampOrNull(row.resolved_at),
    closedAt: toIsoTimestampOrNull(row.closed_at),
    createdAt: toIsoTimestamp(row.created_at),
  };
}

export function toEventListItem(row: TEventListRow): TEventListItem {
  return {
    id: row.id,
    title: row.title,
    category: { id: row.category_id, name: row.category_name },
    isFuture: hasNotStarted(row.from_timestamp),
    fromTimestamp: toIsoTimestamp(row.from_timestamp),
    toTimestamp: toIsoTimestampOrNull(row.to_timestamp),
    priority: row.priority,
    status: row.status,
    isPublic: row.is_public,
    entity: { id: row.entity_id, name: row.entity_name },
    createdAt: toIsoTimestamp(row.created_at),
    updatedAt: toIsoTimestamp(row.updated_at),
  };
}

export function toPublicEvent(
  row: TEventRow,
  attached: TDocumentSummary[],
  updates: TPublicEvent['updates'],
): TPublicEvent {
  return { ...toEventFields(row, attached), updates };
}

export function toPublicEventListItem(row: TPublicEventListRow): TPublicEventListItem {
  return {
    id: row.id,
    title: row.title,
    category: toCategoryRef(row.category),
    isFuture: hasNotStarted(row.from_timestamp),
    fromTimestamp: toIsoTimestamp(row.from_timestamp),
    toTimestamp: toIsoTimestampOrNull(row.to_timestamp),
    priority: row.priority,
    boundingBox: boundingBoxOf(row),
    affectedSystems: row.affected_systems,
  };
}

export type TEventCommentRow = {
  id: number;
  message: string;
  is_public: boolean;
  author: TRef | null;
  entity: TRef | null;
  created_at: TTimestamp;
};

export function toEventComment(row: TEventCommentRow): TEventComment {
  return {
    id: row.id,
    message: row.message,
    isPublic: row.is_public,
    author: row.author,
    entity: row.entity,
    createdAt: toIsoTimestamp(row.created_at),
  };
}

export type TEventTimelineRow = {
  id: number;
  kind: TEventTimelineEntry['kind'];
  from_status: TEventStatus | null;
  to_status: TEventStatus | null;
  from_entity: TRef | null;
  to_entity: TRef | null;
  note: string | null;
  comment: (Omit<TEventCommentRow, 'created_at'> & { created_at: string }) | null;
  user_ref: TRef | null;
  created_at: TTimestamp;
};

export function toEventTimelineEntry(row: TEventTimelineRow): TEventTimelineEntry {
  return {
    id: row.id,
    kind: row.kind,
    fromStatus: row.from_status,
    toStatus: row.to_status,
    fromEntity: row.from_entity,
    toEntity: row.to_entity,
    note: row.note,
    comment: row.comment ? toEventComment(row.comment) : null,
    user: row.user_ref,
    createdAt: toIsoTimestamp(row.created_at),
  };
}

// ---------------------------------------------------------------- CSV and audit

export type TEventCsvRow = TEventListRow & {
  description: string;
  category_type: string;
  direction: string | null;
  sub_type: string | null;
  origin_entity_name: string | null;
  created_by_name: string | null;
  affected_system_names: string | null;
  resolved_at: TTimestamp | null;
  closed_at: TTimestamp | null;
};

export const EVENT_CSV_HEADER = formatCsvRow([
  'id',
  'title',
  'category',
  'categoryType',
  'status',
  'priority',
  'fromTimestamp',
  'toTimestamp',
  'isPublic',
  'entity',
  'originEntity',
  'direction',
  'subType',
  'affectedSystems',
  'createdBy',
  'createdAt',
  'updatedAt',
  'resolvedAt',
  'closedAt',
  'description',
]);

export function toEventCsvRow(row: TEventCsvRow): string {
  return formatCsvRow([
    row.id,
    row.title,
    row.category_name,
    row.category_type,
    row.status,
    row.priority,
    toIsoTimestamp(row.from_timestamp),
    toIsoTimestampOrNull(row.to_timestamp),
    row.is_public ? 'true' : 'false',
    row.entity_name,
    row.origin_entity_name,
    row.direction,
    row.sub_type,
    row.affected_system_names,
    row.created_by_name,
    toIsoTimestamp(row.created_at),
    toIsoTimestamp(row.updated_at),
    toIsoTimestampOrNull(row.resolved_at),
    toIsoTimestampOrNull(row.closed_at),
    row.description,
  ]);
}

/** What the audit log keeps of an event. */
export function toEventRecord(event: {
  title: string;
  description: string;
  categoryId: number;
  isFuture: boolean;
  fromTimestamp: TTimestamp;
  toTimestamp: TTimestamp | null;
  geojson: unknown;
  priority: string;
  status: string;
  direction: string | null;
  subType: string | null;
  isPublic: boolean;
  entityId: number;
  originEntityId: number | null;
  eventRequestId: number | null;
  affectedSystemIds: number[];
}) {
  return {
    title: event.title,
    description: event.description,
    categoryId: event.categoryId,
    isFuture: event.isFuture,
    fromTimestamp: toIsoTimestamp(event.fromTimestamp),
    toTimestamp: toIsoTimestampOrNull(event.toTimestamp),
    geojson: event.geojson,
    priority: event.priority,
    status: event.status,
    direction: event.direction,
    subType: event.subType,
    isPublic: event.isPublic,
    entityId: event.entityId,
    originEntityId: event.originEntityId,
    eventRequestId: event.eventRequestId,
    affectedSystemIds: [...event.affectedSystemIds].sort((a, b) => a - b),
  };
}
