import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const districts = pgTable('districts', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
});

export const counties = pgTable(
  'counties',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    districtId: text('district_id')
      .notNull()
      .references(() => districts.id),
  },
  (t) => [index('counties_district_idx').on(t.districtId)],
);

export const parishes = pgTable(
  'parishes',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    countyId: text('county_id')
      .notNull()
      .references(() => counties.id),
  },
  (t) => [index('parishes_county_idx').on(t.countyId)],
);

export const countries = pgTable('countries', {
  id: text('id').primaryKey(),
  alpha3: text('alpha3').notNull(),
  numeric: text('numeric').notNull(),
  namePt: text('name_pt').notNull(),
  nameEn: text('name_en').notNull(),
});

/**
 * Where a district, county or parish lies: the box around its area in an
 * official boundary file an administrator imported (the reference lists hold
 * names and codes only). The place search goes to these boxes; a place without
 * one is not offered.
 */
export const placeAreas = pgTable(
  'place_areas',
  {
    kind: text('kind').notNull(),
    placeId: text('place_id').notNull(),
    minLongitude: doublePrecision('min_longitude').notNull(),
    minLatitude: doublePrecision('min_latitude').notNull(),
    maxLongitude: doublePrecision('max_longitude').notNull(),
    maxLatitude: doublePrecision('max_latitude').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.placeId] }),
    check('place_areas_kind_check', sql`${t.kind} in ('DISTRICT', 'COUNTY', 'PARISH')`),
  ],
);
