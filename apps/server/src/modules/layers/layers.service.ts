import {
  detectFileType,
  type TExtraMapLayer,
  type TFieldError,
  type TLayerListItem,
  type TMapLayer,
  type TPagedList,
  type ZMapLayerInput,
  type ZMapLayerSearchQuery,
} from '@mip/shared';
import { asc, eq, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { searchPage } from '../../db/paged-search.ts';
import { mapLayers } from '../../db/schema/index.ts';
import { byFoldedText, matchesSearch } from '../../db/text-search.ts';
import { diffRecords, recordAudit, type TActor } from '../../http/audit.ts';
import { fieldErrors, notFound, rethrowUniqueViolation } from '../../http/errors.ts';
import { sanitizeSvg } from '../../lib/svg.ts';
import {
  type TMapLayerRow,
  toExtraMapLayer,
  toLayerListItem,
  toMapLayer,
  toMapLayerRecord,
} from './layers.presenter.ts';

type TLayerInput = z.infer<typeof ZMapLayerInput>;
type TLayerSearchQuery = z.infer<typeof ZMapLayerSearchQuery>;

const DUPLICATE_NAME = { map_layers_name_idx: { property: 'name', error: 'DUPLICATE_NAME' } };

export function searchMapLayers(db: TDatabase, query: TLayerSearchQuery): Promise<TPagedList<TMapLayer>> {
  return searchPage(
    db,
    {
      columns: sql`l.*`,
      from: sql`from map_layers l`,
      where: [
        query.type ? sql`l.type = ${query.type}` : undefined,
        query.showExtraLayers === undefined ? undefined : sql`l.show_extra_layers = ${query.showExtraLayers}`,
        matchesSearch(query.universalSearch, [byFoldedText(sql`l.name`), byFoldedText(sql`l.url`)]),
      ],
      sortColumns: {
        name: { expression: sql`l.name collate pt_natural` },
        type: { expression: sql`l.type` },
        createdAt: { expression: sql`l.created_at` },
        updatedAt: { expression: sql`l.updated_at` },
      },
      defaultSort: 'name',
      tiebreak: sql`l.id`,
    },
    query,
    (row: Record<string, unknown>) => toMapLayer(fromSqlRow(row)),
  );
}

/** A row read with raw SQL (snake_case) in the shape drizzle's own selects give. */
function fromSqlRow(row: Record<string, unknown>): TMapLayerRow {
  return {
    id: row.id as number,
    name: row.name as string,
    type: row.type as TMapLayerRow['type'],
    url: row.url as string,
    attribution: row.attribution as string | null,
    tileSize: row.tile_size as number,
    maxZoom: row.max_zoom as number | null,
    image: row.image as string | null,
    backgroundColor: row.background_color as string | null,
    minLatitude: row.min_latitude as number | null,
    maxLatitude: row.max_latitude as number | null,
    minLongitude: row.min_longitude as number | null,
    maxLongitude: row.max_longitude as number | null,
    showExtraLayers: row.show_extra_layers as boolean,
    icon: row.icon as string | null,
    color: row.color as string | null,
    createdAt: new Date(row.created_at as string),
    updatedAt: new Date(row.updated_at as string),
  };
}

export async function readMapLayer(db: TExecutor, id: number): Promise<TMapLayer> {
  const [row] = await db.select().from(mapLayers).where(eq(mapLayers.id, id));
  if (!row) throw notFound();
  return toMapLayer(row);
}

/**
 * Spec 001 §7 GET /layers/list (id, name, icon, color), called by the map:
 * visitors see the layers it offers; staff who manage layers see them all.
 */
export async function listLayers(db: TDatabase, isManager: boolean): Promise<TLayerListItem[]> {
  const rows = await db
    .select({ id: mapLayers.id, name: mapLayers.name, icon: mapLayers.icon, color: mapLayers.color })
    .from(mapLayers)
    .where(isManager ? undefined : eq(mapLayers.showExtraLayers, true))
    .orderBy(sql`${mapLayers.name} collate pt_natural`, asc(mapLayers.id));
  return rows.map(toLayerListItem);
}

/** The layers the public map offers in its extra-layers choice, with what MapLibre needs to draw them. */
export async function listExtraMapLayers(db: TDatabase): Promise<TExtraMapLayer[]> {
  const rows = await db
    .select()
    .from(mapLayers)
    .where(eq(mapLayers.showExtraLayers, true))
    .orderBy(sql`${mapLayers.name} collate pt_natural`, asc(mapLayers.id));
  return rows.map(toExtraMapLayer);
}

/**
 * MapLibre writes the attribution into the page as HTML, for every visitor:
 * only text, emphasis and http(s) links that open elsewhere survive.
 */
export function sanitizeAttribution(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['a', 'b', 'strong', 'i', 'em', 'span', 'br'],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
    allowedSchemes: ['http', 'https'],
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }),
    },
  }).trim();
}

/** The picture behind a data URL must really be a PNG or JPEG, whatever its header says. */
function isImageDataUrl(value: string): boolean {
  if (!value.startsWith('data:')) return true;
  const bytes = Buffer.from(value.slice(value.indexOf(',') + 1), 'base64');
  const type = detectFileType(bytes);
  return type === 'png' || type === 'jpeg';
}

function toColumns(input: TLayerInput) {
  const errors: TFieldError[] = [];
  const icon = input.icon === null ? null : sanitizeSvg(input.icon);
  if (input.icon !== null && icon === null) errors.push({ property: 'icon', error: 'INVALID_ICON' });
  const attribution = input.attribution === null ? null : sanitizeAttribution(input.attribution);
  if (input.image !== null && !isImageDataUrl(input.image)) errors.push({ property: 'image', error: 'INVALID_IMAGE' });
  if (errors.length > 0) throw fieldErrors(errors);
  const box = input.boundingBox;
  return {
    name: input.name,
    type: input.type,
    url: input.url,
    attribution: attribution || null,
    tileSize: input.tileSize,
    maxZoom: input.maxZoom,
    image: input.image,
    backgroundColor: input.backgroundColor,
    minLatitude: box?.minLatitude ?? null,
    maxLatitude: box?.maxLatitude ?? null,
    minLongitude: box?.minLongitude ?? null,
    maxLongitude: box?.maxLongitude ?? null,
    showExtraLayers: input.showExtraLayers,
    icon,
    color: input.color,
  };
}

export async function createMapLayer(db: TDatabase, input: TLayerInput, actor: TActor): Promise<TMapLayer> {
  const columns = toColumns(input);
  return db
    .transaction(async (tx) => {
      const [row] = await tx.insert(mapLayers).values(columns).returning();
      await recordAudit(tx, actor, {
        action: 'CREATE',
        recordType: 'map_layer',
        recordId: row.id,
        after: toMapLayerRecord(row),
      });
      return toMapLayer(row);
    })
    .catch((error) => rethrowUniqueViolation(error, DUPLICATE_NAME));
}

export async function updateMapLayer(db: TDatabase, id: number, input: TLayerInput, actor: TActor): Promise<TMapLayer> {
  const columns = toColumns(input);
  return db
    .transaction(async (tx) => {
      const [before] = await tx.select().from(mapLayers).where(eq(mapLayers.id, id)).for('update');
      if (!before) throw notFound();
      const [after] = await tx
        .update(mapLayers)
        .set({ ...columns, updatedAt: sql`now()` })
        .where(eq(mapLayers.id, id))
        .returning();
      await recordAudit(tx, actor, {
        action: 'UPDATE',
        recordType: 'map_layer',
        recordId: id,
        ...diffRecords(toMapLayerRecord(before), toMapLayerRecord(after)),
      });
      return toMapLayer(after);
    })
    .catch((error) => rethrowUniqueViolation(error, DUPLICATE_NAME));
}

/** Nothing else points at a layer: the map only offers it, so it can always go. */
export async function deleteMapLayer(db: TDatabase, id: number, actor: TActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(mapLayers).where(eq(mapLayers.id, id)).returning();
    if (!before) throw notFound();
    await recordAudit(tx, actor, {
      action: 'DELETE',
      recordType: 'map_layer',
      recordId: id,
      before: toMapLayerRecord(before),
    });
  });
}
