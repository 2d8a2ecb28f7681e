import { index, pgTable, text } from 'drizzle-orm/pg-core';

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
