import type { TMobilityGroupNode } from '@mip/shared';

/** A group of the filter tree as GET /mobility-system-groups/tree answers it, for unit tests. */
export const groupNode = (id: number, values: Partial<TMobilityGroupNode> = {}): TMobilityGroupNode => ({
  id,
  name: `Grupo ${id}`,
  icon: null,
  color: null,
  type: 'STATIC',
  layerType: 'DEFAULT_LAYERS',
  styles: null,
  tileMetadataUrl: null,
  allowOverlap: false,
  allowClustering: false,
  minZoomFiltered: null,
  maxZoomFiltered: null,
  minZoomNotFiltered: null,
  maxZoomNotFiltered: null,
  systemsCount: 0,
  subgroups: [],
  ...values,
});
