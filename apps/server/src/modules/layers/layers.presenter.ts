import type { TExtraMapLayer, TLayerListItem, TMapLayer } from '@mip/shared';
import type { mapLayers } from '../../db/schema/index.ts';
import { fingerprint } from '../../lib/fingerprint.ts';

export type TMapLayerRow = typeof mapLayers.$inferSelect;

function boundingBoxOf(row: TMapLayerRow): TExtraMapLayer['boundingBox'] {
  const { minLatitude, maxLatitude, minLongitude, maxLongitude } = row;
  if (minLatitude === null || maxLatitude === null || minLongitude === null || maxLongitude === null) return null;
  return { minLatitude, maxLatitude, minLongitude, maxLongitude };
}

export function toExtraMapLayer(row: TMapLayerRow): TExtraMapLayer {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    url: row.url,
    attribution: row.attribution,
    tileSize: row.tileSize,
    maxZoom: row.maxZoom,
    image: row.image,
    backgroundColor: row.backgroundColor,
    boundingBox: boundingBoxOf(row),
    icon: row.icon,
    color: row.color,
  };
}

export function toMapLayer(row: TMapLayerRow): TMapLayer {
  return {
    ...toExtraMapLayer(row),
    showExtraLayers: row.showExtraLayers,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toLayerListItem(row: Pick<TMapLayerRow, 'id' | 'name' | 'icon' | 'color'>): TLayerListItem {
  return { id: row.id, name: row.name, icon: row.icon, color: row.color };
}

/** What the audit log keeps of a layer: the pictures only as fingerprints. */
export function toMapLayerRecord(row: TMapLayerRow) {
  const { createdAt: _created, updatedAt: _updated, icon, image, ...fields } = row;
  return { ...fields, icon: fingerprint(icon), image: fingerprint(image) };
}
