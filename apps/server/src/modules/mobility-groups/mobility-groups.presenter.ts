import type { TMobilityGroup, TMobilityGroupNode } from '@mip/shared';

export type TMobilityGroupRow = {
  id: number;
  name: string;
  icon: string | null;
  color: string | null;
  type: TMobilityGroup['type'];
  layer_type: TMobilityGroup['layerType'];
  styles: unknown;
  tile_metadata_url: string | null;
  allow_overlap: boolean;
  allow_clustering: boolean;
  min_zoom_filtered: number | null;
  max_zoom_filtered: number | null;
  min_zoom_not_filtered: number | null;
  max_zoom_not_filtered: number | null;
  parent_id: number | null;
  systems_count: number;
};

export type TMobilityGroupFullRow = TMobilityGroupRow & {
  parent: { id: number; name: string } | null;
  entity_id: number;
  entity: { id: number; name: string };
  subgroups: { id: number; name: string }[];
  created_at: string | Date;
  updated_at: string | Date;
};

const iso = (value: string | Date) => new Date(value).toISOString();

function toGroupFields(row: TMobilityGroupRow) {
  return {
    id: row.id,
    name: row.name,
    icon: row.icon,
    color: row.color,
    type: row.type,
    layerType: row.layer_type,
    styles: row.styles ?? null,
    tileMetadataUrl: row.tile_metadata_url,
    allowOverlap: row.allow_overlap,
    allowClustering: row.allow_clustering,
    minZoomFiltered: row.min_zoom_filtered,
    maxZoomFiltered: row.max_zoom_filtered,
    minZoomNotFiltered: row.min_zoom_not_filtered,
    maxZoomNotFiltered: row.max_zoom_not_filtered,
    systemsCount: row.systems_count,
  };
}

export function toMobilityGroup(row: TMobilityGroupFullRow): TMobilityGroup {
  return {
    ...toGroupFields(row),
    parentId: row.parent_id,
    parent: row.parent,
    subgroups: row.subgroups,
    entityId: row.entity_id,
    entity: row.entity,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Nests the groups under their parents, in the order given; a group whose parent is missing becomes a root. */
export function toGroupTree(rows: TMobilityGroupRow[]): TMobilityGroupNode[] {
  const nodes = new Map(rows.map((row) => [row.id, { ...toGroupFields(row), subgroups: [] as TMobilityGroupNode[] }]));
  const roots: TMobilityGroupNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id) as TMobilityGroupNode;
    const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id);
    (parent ? parent.subgroups : roots).push(node);
  }
  return roots;
}

/** What the audit log keeps of a group. */
export function toMobilityGroupRecord(group: {
  name: string;
  icon: string | null;
  color: string | null;
  type: string;
  layerType: string;
  styles: unknown;
  tileMetadataUrl: string | null;
  allowOverlap: boolean;
  allowClustering: boolean;
  minZoomFiltered: number | null;
  maxZoomFiltered: number | null;
  minZoomNotFiltered: number | null;
  maxZoomNotFiltered: number | null;
  parentId: number | null;
  entityId: number;
}) {
  return {
    name: group.name,
    icon: group.icon,
    color: group.color,
    type: group.type,
    layerType: group.layerType,
    styles: group.styles ?? null,
    tileMetadataUrl: group.tileMetadataUrl,
    allowOverlap: group.allowOverlap,
    allowClustering: group.allowClustering,
    minZoomFiltered: group.minZoomFiltered,
    maxZoomFiltered: group.maxZoomFiltered,
    minZoomNotFiltered: group.minZoomNotFiltered,
    maxZoomNotFiltered: group.maxZoomNotFiltered,
    parentId: group.parentId,
    entityId: group.entityId,
  };
}
