import type { TEventCategory, TEventCategoryListItem, TEventStatus } from '@mip/shared';
import type { eventCategories } from '../../db/schema/index.ts';
import { fingerprint } from '../../lib/fingerprint.ts';
import { toIsoTimestamp } from '../../lib/timestamps.ts';

type TRef = { id: number; name: string };

export type TEventCategoryRow = {
  id: number;
  name: string;
  icon: string | null;
  category_type: TEventCategory['categoryType'];
  allow_public: boolean;
  allocated_to_entity: TRef | null;
  report_agent: TRef | null;
  allow_geometry: boolean;
  allow_photo_upload: boolean;
  event_statuses: TEventStatus[];
  limit_user_type: TEventCategory['limitUserType'];
  status_on_origin_reply: TEventStatus | null;
  status_on_destination_reply: TEventStatus | null;
  active: boolean;
  events_count: number;
  created_at: Date | string;
  updated_at: Date | string;
};

/** The sanitised SVG markup as the spec answers icons: a base64 data URL the web puts straight in an <img>. */
export function toIconDataUrl(svg: string | null): string | null {
  return svg === null ? null : `${ICON_DATA_URL_PREFIX}${Buffer.from(svg, 'utf8').toString('base64')}`;
}

const ICON_DATA_URL_PREFIX = 'data:image/svg+xml;base64,';

/** The SVG markup of an icon as the form sends it back: the markup itself, or the data URL it was answered as. */
export function iconMarkupOf(value: string): string {
  return value.startsWith(ICON_DATA_URL_PREFIX)
    ? Buffer.from(value.slice(ICON_DATA_URL_PREFIX.length), 'base64').toString('utf8')
    : value;
}

/**
 * The whole category. For a visitor (`isStaff` false) who and how many stay
 * out: the agent's and the entity's names and the count of events, which
 * includes events the public never sees.
 */
export function toEventCategory(row: TEventCategoryRow, isStaff = true): TEventCategory {
  return {
    id: row.id,
    name: row.name,
    icon: toIconDataUrl(row.icon),
    categoryType: row.category_type,
    allowPublic: row.allow_public,
    allocatedToEntity: isStaff ? row.allocated_to_entity : null,
    reportAgent: isStaff ? row.report_agent : null,
    allowGeometry: row.allow_geometry,
    allowPhotoUpload: row.allow_photo_upload,
    eventStatuses: row.event_statuses,
    limitUserType: row.limit_user_type,
    statusOnOriginReply: row.status_on_origin_reply,
    statusOnDestinationReply: row.status_on_destination_reply,
    active: row.active,
    eventsCount: isStaff ? row.events_count : 0,
    createdAt: toIsoTimestamp(row.created_at),
    updatedAt: toIsoTimestamp(row.updated_at),
  };
}

export function toEventCategoryListItem(row: {
  id: number;
  name: string;
  icon: string | null;
  categoryType: TEventCategory['categoryType'];
  allowGeometry: boolean;
  allowPhotoUpload: boolean;
}): TEventCategoryListItem {
  return {
    id: row.id,
    name: row.name,
    icon: toIconDataUrl(row.icon),
    categoryType: row.categoryType,
    allowGeometry: row.allowGeometry,
    allowPhotoUpload: row.allowPhotoUpload,
  };
}

/** What the audit log keeps of a category: the icon only as a fingerprint. */
export function toEventCategoryRecord(row: typeof eventCategories.$inferSelect) {
  return {
    name: row.name,
    icon: fingerprint(row.icon),
    categoryType: row.categoryType,
    allowPublic: row.allowPublic,
    allocatedToEntityId: row.allocatedToEntityId,
    reportAgentUserId: row.reportAgentUserId,
    allowGeometry: row.allowGeometry,
    allowPhotoUpload: row.allowPhotoUpload,
    eventStatuses: row.eventStatuses,
    limitUserType: row.limitUserType,
    statusOnOriginReply: row.statusOnOriginReply,
    statusOnDestinationReply: row.statusOnDestinationReply,
    active: row.active,
  };
}
