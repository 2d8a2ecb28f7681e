import type {
  TDocumentSummary,
  TGeometry,
  TMobilitySystem,
  TMobilitySystemListItem,
  TParameter,
  TPublicSystemResult,
  TRelatedInfo,
} from '@mip/shared';

type TRef = { id: number; name: string };

type TBoxColumns = {
  min_latitude: number | null;
  max_latitude: number | null;
  min_longitude: number | null;
  max_longitude: number | null;
};

export type TMobilitySystemRow = TBoxColumns & {
  id: number;
  name: string;
  description: string;
  system_type: TMobilitySystem['systemType'];
  group_id: number;
  parent: TMobilitySystem['parent'];
  parent_system: TRef | null;
  related_systems: TMobilitySystem['relatedSystems'];
  related_info: TRelatedInfo | null;
  service_days: TMobilitySystem['serviceDays'];
  geometry: TGeometry | null;
  latitude: number | null;
  longitude: number | null;
  color: string | null;
  properties: Record<string, unknown>;
  parameters: TParameter[];
  active: boolean;
  external_ref: string | null;
  dashboard_id: number | null;
  created_at: string | Date;
  updated_at: string | Date;
};

export type TMobilitySystemListRow = {
  id: number;
  name: string;
  system_type: TMobilitySystem['systemType'];
  group_id: number;
  group_name: string;
  parent_system: TRef | null;
  color: string | null;
  active: boolean;
  external_ref: string | null;
  updated_at: string | Date;
};

export type TPublicSystemRow = TBoxColumns & {
  id: number;
  name: string;
  system_type: TMobilitySystem['systemType'];
  group_id: number;
  group_name: string;
  color: string | null;
  latitude: number | null;
  longitude: number | null;
};

const iso = (value: string | Date) => new Date(value).toISOString();

function boundingBoxOf(row: TBoxColumns) {
  if (
    row.min_latitude === null ||
    row.max_latitude === null ||
    row.min_longitude === null ||
    row.max_longitude === null
  )
    return null;
  return {
    minLatitude: row.min_latitude,
    maxLatitude: row.max_latitude,
    minLongitude: row.min_longitude,
    maxLongitude: row.max_longitude,
  };
}

/** Photos go to `documents` (the Images section), PDFs to `files` (the Files section). */
export function toMobilitySystem(
  row: TMobilitySystemRow,
  attached: TDocumentSummary[],
  activeEvents: TMobilitySystem['activeEvents'] = [],
): TMobilitySystem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    systemType: row.system_type,
    parentId: row.group_id,
    parent: row.parent,
    parentSystem: row.parent_system,
    relatedSystems: row.related_systems,
    relatedInfo: row.related_info,
    serviceDays: row.service_days,
    boundingBox: boundingBoxOf(row),
    geometry: row.geometry,
    latitude: row.latitude,
    longitude: row.longitude,
    color: row.color,
    properties: row.properties ?? {},
    parameters: row.parameters,
    activeEvents,
    documents: attached.filter((document) => document.category === 'PHOTO'),
    files: attached.filter((document) => document.category === 'FILE'),
    active: row.active,
    externalRef: row.external_ref,
    dashboardId: row.dashboard_id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function toMobilitySystemListItem(row: TMobilitySystemListRow): TMobilitySystemListItem {
  return {
    id: row.id,
    name: row.name,
    systemType: row.system_type,
    parentId: row.group_id,
    parent: { id: row.group_id, name: row.group_name },
    parentSystem: row.parent_system,
    color: row.color,
    active: row.active,
    externalRef: row.external_ref,
    updatedAt: iso(row.updated_at),
  };
}

export function toPublicSystemResult(row: TPublicSystemRow): TPublicSystemResult {
  return {
    id: row.id,
    name: row.name,
    systemType: row.system_type,
    parentId: row.group_id,
    parentName: row.group_name,
    color: row.color,
    latitude: row.latitude,
    longitude: row.longitude,
    boundingBox: boundingBoxOf(row),
  };
}
