import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea, timestamps } from './columns.ts';
import { dashboards } from './dashboards.ts';
import { entities } from './identity.ts';

/**
 * A group of mobility systems (a transport network, a set of sensors…): how
 * its systems are drawn on the map and at which zooms. It belongs to an
 * entity: only callers whose scope covers it edit the group, its systems,
 * their documents and its GTFS imports (everyone sees the public map).
 */
export const mobilitySystemGroups = pgTable(
  'mobility_system_groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** SVG markup, sanitised on the server before it is stored. */
    icon: text('icon'),
    color: text('color'),
    type: text('type', { enum: ['STATIC', 'DYNAMIC', 'VIRTUAL'] })
      .notNull()
      .default('STATIC'),
    layerType: text('layer_type', { enum: ['DEFAULT_LAYERS', 'CUSTOM_LAYERS', 'NO_LAYERS'] })
      .notNull()
      .default('DEFAULT_LAYERS'),
    /** MapLibre layer definitions used when layerType is CUSTOM_LAYERS. */
    styles: jsonb('styles'),
    tileMetadataUrl: text('tile_metadata_url'),
    allowOverlap: boolean('allow_overlap').notNull().default(false),
    allowClustering: boolean('allow_clustering').notNull().default(false),
    /** Zoom range while the group is picked in the map filter. */
    minZoomFiltered: integer('min_zoom_filtered'),
    maxZoomFiltered: integer('max_zoom_filtered'),
    /** Zoom range while nothing is filtered (the map shows every group). */
    minZoomNotFiltered: integer('min_zoom_not_filtered'),
    maxZoomNotFiltered: integer('max_zoom_not_filtered'),
    // biome-ignore lint/suspicious/noExplicitAny: drizzle's self-reference needs the loose type
    parentId: integer('parent_id').references((): any => mobilitySystemGroups.id),
    /** The owning entity (an operator, a municipal department); a sub-group has its own. */
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    searchText: text('search_text').generatedAlwaysAs(sql`lower(f_unaccent("name"))`),
    ...timestamps,
  },
  (t) => [
    index('mobility_system_groups_parent_idx').on(t.parentId),
    index('mobility_system_groups_entity_idx').on(t.entityId),
    index('mobility_system_groups_search_text_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** A stop, a route or any other asset of a group, with its place on the map. */
export const mobilitySystems = pgTable(
  'mobility_systems',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    systemType: text('system_type', { enum: ['STOP', 'ROUTE', 'OTHER'] }).notNull(),
    groupId: integer('group_id')
      .notNull()
      .references(() => mobilitySystemGroups.id),
    // biome-ignore lint/suspicious/noExplicitAny: drizzle's self-reference needs the loose type
    parentId: integer('parent_id').references((): any => mobilitySystems.id, { onDelete: 'set null' }),
    color: text('color'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** GeoJSON geometry (Point for stops, LineString/MultiLineString for routes); no PostGIS. */
    geometry: jsonb('geometry'),
    /** Bounding box of the geometry, kept beside it so viewport queries use a btree index. */
    minLatitude: doublePrecision('min_latitude'),
    maxLatitude: doublePrecision('max_latitude'),
    minLongitude: doublePrecision('min_longitude'),
    maxLongitude: doublePrecision('max_longitude'),
    /** MON..SUN */
    serviceDays: text('service_days').array().notNull().default(sql`'{}'::text[]`),
    properties: jsonb('properties').notNull().default({}),
    /** {showSchedules, routes, route: {id, stops: {MAIN, OPPOSITE}}} */
    relatedInfo: jsonb('related_info'),
    active: boolean('active').notNull().default(true),
    /** The id this record has in an outside source (a GTFS stop_id or route_id): the re-import key. */
    externalRef: text('external_ref'),
    /** The GTFS feed that last wrote this record, when it came from one. */
    sourceFeedId: integer('source_feed_id'),
    /** The dashboard its map card opens in a modal (spec 001 §2 system card). */
    dashboardId: integer('dashboard_id').references(() => dashboards.id, { onDelete: 'set null' }),
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(f_unaccent("name" || ' ' || "description" || ' ' || coalesce("external_ref", '')))`,
    ),
    ...timestamps,
  },
  // A group's systems are found by the unique (group, external_ref) index, whose first column is the group;
  // no query looks systems up by their source feed alone. Indexes for either were written at every import.
  (t) => [
    index('mobility_systems_parent_idx').on(t.parentId),
    index('mobility_systems_type_idx').on(t.systemType),
    uniqueIndex('mobility_systems_group_external_ref_idx').on(t.groupId, t.externalRef),
    index('mobility_systems_bbox_idx').on(t.minLatitude, t.maxLatitude, t.minLongitude, t.maxLongitude),
    index('mobility_systems_search_text_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Systems shown as related to another (both directions are stored). */
export const mobilitySystemRelations = pgTable(
  'mobility_system_relations',
  {
    systemId: integer('system_id')
      .notNull()
      .references(() => mobilitySystems.id, { onDelete: 'cascade' }),
    relatedSystemId: integer('related_system_id')
      .notNull()
      .references(() => mobilitySystems.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.systemId, t.relatedSystemId] }),
    index('mobility_system_relations_related_idx').on(t.relatedSystemId),
  ],
);

export const mobilitySystemParameters = pgTable(
  'mobility_system_parameters',
  {
    id: serial('id').primaryKey(),
    systemId: integer('system_id')
      .notNull()
      .references(() => mobilitySystems.id, { onDelete: 'cascade' }),
    /** Order on the system card. */
    position: integer('position').notNull().default(0),
    templateId: integer('template_id'),
    name: text('name').notNull(),
    type: text('type', { enum: ['TEXT', 'BOOLEAN', 'LIST', 'CUSTOM', 'IOT', 'FEATURE_PROP'] }).notNull(),
    value: text('value'),
    /** The choices of a LIST parameter. */
    options: jsonb('options'),
    /** The IoT reader that feeds an IOT parameter. */
    readerId: text('reader_id'),
  },
  (t) => [
    index('mobility_system_parameters_system_idx').on(t.systemId, t.position),
    // IoT ingest finds the parameters of a batch's readers on every batch: the few IOT ones, by reader.
    index('mobility_system_parameters_reader_idx').on(t.readerId).where(sql`${t.type} = 'IOT'`),
  ],
);

/**
 * Photos and files attached to any record (a mobility system, an incident, an
 * event request), stored in PostgreSQL so every server process and every
 * backup has them. The owner is a kind and an id, not a foreign key, so one
 * table serves every domain; each domain deletes its documents with its record.
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    ownerKind: text('owner_kind').notNull(),
    ownerId: integer('owner_id').notNull(),
    /** PHOTO (png, gif, jpeg) or FILE (pdf): the Images and Files sections. */
    category: text('category', { enum: ['PHOTO', 'FILE'] }).notNull(),
    title: text('title').notNull(),
    filename: text('filename').notNull(),
    /** Detected from the bytes, never taken from the upload's name or header. */
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    contents: bytea('contents').notNull(),
    /** {is360} */
    props: jsonb('props').notNull().default({}),
    isPublic: boolean('is_public').notNull().default(false),
    /** The uploader's entity, null for an anonymous upload (a public event request). */
    entityId: integer('entity_id'),
    createdBy: integer('created_by'),
    ...timestamps,
  },
  (t) => [index('documents_owner_idx').on(t.ownerKind, t.ownerId, t.id)],
);
