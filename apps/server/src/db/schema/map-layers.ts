import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea, timestamps } from './columns.ts';

/** An extra raster layer the map can draw over its base (XYZ, WMS or TileJSON). */
export const mapLayers = pgTable(
  'map_layers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type', { enum: ['XYZ', 'WMS', 'TILEJSON'] }).notNull(),
    url: text('url').notNull(),
    /** Sanitised HTML: links and text only. */
    attribution: text('attribution'),
    tileSize: integer('tile_size').notNull().default(256),
    maxZoom: integer('max_zoom'),
    /** A thumbnail URL or PNG/JPEG data URL. */
    image: text('image'),
    backgroundColor: text('background_color'),
    minLatitude: doublePrecision('min_latitude'),
    maxLatitude: doublePrecision('max_latitude'),
    minLongitude: doublePrecision('min_longitude'),
    maxLongitude: doublePrecision('max_longitude'),
    showExtraLayers: boolean('show_extra_layers').notNull().default(true),
    /** SVG markup, sanitised on the server before it is stored. */
    icon: text('icon'),
    color: text('color'),
    ...timestamps,
  },
  (t) => [uniqueIndex('map_layers_name_idx').on(sql`lower(${t.name})`)],
);

/** One icon of the map's sprite sheet, kept as sanitised SVG and rendered when the sheet is built. */
export const spriteIcons = pgTable('sprite_icons', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique('sprite_icons_name_key'),
  svg: text('svg').notNull(),
  /** The longer side on the map, in CSS pixels. */
  size: integer('size').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  ...timestamps,
});

/**
 * The built sprite sheets, one per pixel ratio (1 and 2): PNG and MapLibre
 * index, rebuilt in the transaction that changes an icon, so every server
 * process serves the same sheet.
 */
export const spriteSheets = pgTable('sprite_sheets', {
  pixelRatio: smallint('pixel_ratio').primaryKey(),
  png: bytea('png').notNull(),
  index: jsonb('index').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  etag: text('etag').notNull(),
  iconCount: integer('icon_count').notNull(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
});
