import { z } from 'zod';

export const ZDistrict = z.object({ id: z.string(), name: z.string() });
export const ZCounty = z.object({ id: z.string(), name: z.string(), districtId: z.string() });
export const ZParish = z.object({ id: z.string(), name: z.string(), countyId: z.string() });
export const ZCountry = z.object({
  id: z.string(),
  alpha3: z.string(),
  numeric: z.string(),
  namePt: z.string(),
  nameEn: z.string(),
});
export type TDistrict = z.infer<typeof ZDistrict>;
export type TCounty = z.infer<typeof ZCounty>;
export type TParish = z.infer<typeof ZParish>;
export type TCountry = z.infer<typeof ZCountry>;

export const ZCountyQuery = z.object({ districtId: z.string().max(8).optional() });
export const ZParishQuery = z.object({ countyId: z.string().max(8).optional() });

// ---------------------------------------------------------------- place search

/** Reference places a map can go to once their areas are known, and addresses from a geocoder. */
export const PLACE_KINDS = ['DISTRICT', 'COUNTY', 'PARISH', 'ADDRESS'] as const;
export type TPlaceKind = (typeof PLACE_KINDS)[number];

/** Shortest text a place search answers: one letter would match half the country. */
export const PLACE_SEARCH_MIN_CHARS = 2;
export const ZPlaceSearchQuery = z.object({ q: z.string().trim().min(PLACE_SEARCH_MIN_CHARS).max(100) });

/** A place found by name: where it lies (its box) and what it is in (the county, the district). */
export const ZPlaceResult = z.object({
  kind: z.enum(PLACE_KINDS),
  /** The reference code (DICOFRE for a parish), or the geocoder's own id for an address. */
  id: z.string(),
  name: z.string(),
  /** What the place lies in, as people write it: "Porto, Porto" for a parish. */
  context: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  boundingBox: z
    .object({ minLatitude: z.number(), maxLatitude: z.number(), minLongitude: z.number(), maxLongitude: z.number() })
    .nullable(),
});
export type TPlaceResult = z.infer<typeof ZPlaceResult>;

// ---------------------------------------------------------------- administrative boundaries

const ZPlaceCount = z.object({ withArea: z.number().int(), total: z.number().int() });
/** How many reference places have an area the map can go to, from the last boundary file imported. */
export const ZBoundarySummary = z.object({
  districts: ZPlaceCount,
  counties: ZPlaceCount,
  parishes: ZPlaceCount,
  importedAt: z.string().nullable(),
});
export type TBoundarySummary = z.infer<typeof ZBoundarySummary>;

export const ZBoundaryImportResult = z.object({
  features: z.number().int(),
  districts: z.number().int(),
  counties: z.number().int(),
  parishes: z.number().int(),
  /** Features whose code names no place of the reference lists (a newer or older administrative map). */
  unmatched: z.number().int(),
  /** A few of their codes or names, to tell which layout the file follows. */
  unmatchedSample: z.array(z.string()),
});
export type TBoundaryImportResult = z.infer<typeof ZBoundaryImportResult>;
