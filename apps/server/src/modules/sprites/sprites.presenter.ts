import type { TSpriteIcon } from '@mip/shared';
import type { spriteIcons } from '../../db/schema/index.ts';
import { fingerprint } from '../../lib/fingerprint.ts';

export type TSpriteIconRow = typeof spriteIcons.$inferSelect;

export function toSpriteIcon(row: TSpriteIconRow): TSpriteIcon {
  return {
    id: row.id,
    name: row.name,
    svg: row.svg,
    size: row.size,
    width: row.width,
    height: row.height,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** What the audit log keeps of an icon: the markup only as a fingerprint. */
export function toSpriteRecord(row: TSpriteIconRow) {
  return { name: row.name, size: row.size, width: row.width, height: row.height, svg: fingerprint(row.svg) };
}
