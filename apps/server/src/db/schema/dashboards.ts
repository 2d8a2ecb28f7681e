import type { TParameterValues, TQueryParameterDefinition } from '@mip/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { users } from './identity.ts';

/** A named SQL query over the platform's data that widgets draw (MANAGE_DATASOURCES). */
export const dataSources = pgTable(
  'data_sources',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    query: text('query').notNull(),
    parameters: jsonb('parameters').$type<TQueryParameterDefinition[]>().notNull().default(sql`'[]'::jsonb`),
    /** The result's column names, read when the source was last saved. */
    queryColumns: text('query_columns').array().notNull().default(sql`'{}'::text[]`),
    scopedToEntities: boolean('scoped_to_entities').notNull().default(false),
    timeoutMs: integer('timeout_ms').notNull().default(5000),
    ...timestamps,
  },
  (t) => [index('data_sources_name_idx').on(sql`lower(${t.name})`)],
);

export const dashboards = pgTable(
  'dashboards',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isPublic: boolean('is_public').notNull().default(false),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE', 'REVISION'] })
      .notNull()
      .default('REVISION'),
    /** Empty lists put no limit on that axis; a user must pass every non-empty one. */
    restrictedProfileIds: integer('restricted_profile_ids').array().notNull().default(sql`'{}'::integer[]`),
    restrictedRoleIds: integer('restricted_role_ids').array().notNull().default(sql`'{}'::integer[]`),
    restrictedEntityIds: integer('restricted_entity_ids').array().notNull().default(sql`'{}'::integer[]`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('dashboards_name_idx').on(sql`lower(${t.name})`)],
);

export const dashboardWidgets = pgTable(
  'dashboard_widgets',
  {
    id: serial('id').primaryKey(),
    dashboardId: integer('dashboard_id')
      .notNull()
      .references(() => dashboards.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /** PieChart, SimpleBarChart, MultiSeriesBarChart, TableWidget, Title, HTML. */
    type: text('type').notNull(),
    title: text('title').notNull().default(''),
    sizeLg: smallint('size_lg').notNull().default(12),
    sizeMd: smallint('size_md').notNull().default(12),
    sizeSm: smallint('size_sm').notNull().default(12),
    sourceId: integer('source_id').references(() => dataSources.id),
    sourceParameters: jsonb('source_parameters').$type<TParameterValues>().notNull().default(sql`'{}'::jsonb`),
    /** The widget type's own settings (keys, radii, series, formatters, html…), as validated by ZWidgetInput. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    allowTable: boolean('allow_table').notNull().default(false),
    allowExportChart: boolean('allow_export_chart').notNull().default(false),
    allowExportTable: boolean('allow_export_table').notNull().default(false),
  },
  (t) => [
    index('dashboard_widgets_dashboard_idx').on(t.dashboardId, t.position),
    index('dashboard_widgets_source_idx').on(t.sourceId),
  ],
);
