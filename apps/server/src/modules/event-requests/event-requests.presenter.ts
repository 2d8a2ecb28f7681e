import type {
  TDocumentSummary,
  TEventRequest,
  TEventRequestListItem,
  TEventRequestStatus,
  TEventStatus,
  TGeometry,
  TLanguage,
} from '@mip/shared';

/** One request as the detail query reads it (snake_case, straight from SQL). */
export type TEventRequestSqlRow = {
  id: number;
  category_id: number;
  category_name: string;
  allow_geometry: boolean;
  allow_photo_upload: boolean;
  agent_id: number | null;
  agent_name: string | null;
  agent_entity_id: number | null;
  agent_entity_name: string | null;
  participant_name: string;
  participant_email: string;
  title: string;
  description: string;
  geometry: TGeometry | null;
  status: TEventRequestStatus;
  reason: string | null;
  closed_by: number | null;
  closed_by_name: string | null;
  closed_at: Date | string | null;
  event_id: number | null;
  event_title: string | null;
  event_status: TEventStatus | null;
  language: string;
  created_at: Date | string;
  updated_at: Date | string;
};

export type TEventRequestListSqlRow = {
  id: number;
  title: string;
  category_id: number;
  category_name: string;
  participant_name: string;
  status: TEventRequestStatus;
  entity_id: number | null;
  entity_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

const iso = (value: Date | string) => new Date(value).toISOString();
const ref = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });
const languageOf = (value: string): TLanguage => (value === 'en-US' ? 'en-US' : 'pt-PT');

export function toEventRequest(
  row: TEventRequestSqlRow,
  images: TDocumentSummary[],
  affectedSystems: TEventRequest['affectedSystems'],
): TEventRequest {
  return {
    id: row.id,
    categoryId: row.category_id,
    category: {
      id: row.category_id,
      name: row.category_name,
      initialAgent: ref(row.agent_id, row.agent_name),
      initialAgentEntity: ref(row.agent_entity_id, row.agent_entity_name),
      allowGeometry: row.allow_geometry,
      allowPhotoUpload: row.allow_photo_upload,
    },
    participantName: row.participant_name,
    participantEmail: row.participant_email,
    title: row.title,
    description: row.description,
    geometry: row.geometry,
    images,
    affectedSystems,
    status: row.status,
    reason: row.reason,
    closedBy: ref(row.closed_by, row.closed_by_name),
    closedAt: row.closed_at === null ? null : iso(row.closed_at),
    event:
      row.event_id === null || row.event_status === null
        ? null
        : { id: row.event_id, title: row.event_title ?? '', status: row.event_status },
    language: languageOf(row.language),
    date: iso(row.created_at),
    lastUpdate: iso(row.updated_at),
  };
}

export function toEventRequestListItem(row: TEventRequestListSqlRow): TEventRequestListItem {
  return {
    id: row.id,
    title: row.title,
    category: { id: row.category_id, name: row.category_name },
    participantName: row.participant_name,
    status: row.status,
    responsibleEntity: ref(row.entity_id, row.entity_name),
    date: iso(row.created_at),
    lastUpdate: iso(row.updated_at),
  };
}
