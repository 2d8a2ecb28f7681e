import { z } from 'zod';
import { ZPageQuery, ZSearchText } from './common.ts';
import { ZParameterValues, ZQueryParameter, ZQueryParameterDefinitions, ZQueryText } from './queries.ts';

/**
 * Dashboard data sources (`/data-sources`, MANAGE_DATASOURCES): a named SQL
 * query over the platform's data with typed parameters. Widgets draw them.
 */

/** Statement timeout of a widget's query unless the source says otherwise (ms). */
export const DATA_SOURCE_DEFAULT_TIMEOUT_MS = 5_000;
export const DATA_SOURCE_MAX_TIMEOUT_MS = 60_000;
/** Rows a widget's query may return; more are cut and the answer says so. */
export const DATA_SOURCE_ROW_CAP = 10_000;
/** Rows a preview shows. */
export const DATA_SOURCE_PREVIEW_ROWS = 50;

export const ZDataSourceInput = z.object({
  name: z
    .string({ error: 'MISSING_NAME' })
    .trim()
    .min(1, { error: 'MISSING_NAME' })
    .max(200, { error: 'INVALID_NAME' }),
  description: z
    .string({ error: 'INVALID_DESCRIPTION' })
    .trim()
    .max(2000, { error: 'INVALID_DESCRIPTION' })
    .nullish()
    .transform((value) => value ?? ''),
  query: ZQueryText,
  parameters: ZQueryParameterDefinitions,
  /**
   * The query limits its rows to the caller's entities by binding
   * `:caller_entity_ids`; the server refuses a scoped source whose query does not.
   */
  scopedToEntities: z.boolean({ error: 'INVALID_VALUE' }).default(false),
  timeoutMs: z
    .number({ error: 'INVALID_VALUE' })
    .int({ error: 'INVALID_VALUE' })
    .min(100, { error: 'INVALID_VALUE' })
    .max(DATA_SOURCE_MAX_TIMEOUT_MS, { error: 'INVALID_VALUE' })
    .default(DATA_SOURCE_DEFAULT_TIMEOUT_MS),
});
export type TDataSourceInput = z.input<typeof ZDataSourceInput>;

export const ZDataSource = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  query: z.string(),
  parameters: z.array(ZQueryParameter),
  /** The query's result columns, read when it was last saved. */
  queryColumns: z.array(z.string()),
  scopedToEntities: z.boolean(),
  timeoutMs: z.number().int(),
  /** Widgets that draw it. */
  widgetCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TDataSource = z.infer<typeof ZDataSource>;

export const ZDataSourceSummary = ZDataSource.pick({
  id: true,
  name: true,
  description: true,
  queryColumns: true,
  parameters: true,
  widgetCount: true,
  updatedAt: true,
});
export type TDataSourceSummary = z.infer<typeof ZDataSourceSummary>;

export const ZDataSourceSearchQuery = ZPageQuery.extend({
  sortProperty: z.enum(['name', 'updatedAt']).optional(),
  universalSearch: ZSearchText,
});
export type TDataSourceSearchQuery = z.infer<typeof ZDataSourceSearchQuery>;

/**
 * POST /data-sources/preview: runs a query as it stands in the form (saved or
 * not) with the given values; PREVIEW_QUERY_ERROR with the database's message
 * when it fails.
 */
export const ZDataSourcePreviewInput = ZDataSourceInput.pick({
  query: true,
  parameters: true,
  timeoutMs: true,
}).extend({ values: ZParameterValues });
export type TDataSourcePreviewInput = z.input<typeof ZDataSourcePreviewInput>;
