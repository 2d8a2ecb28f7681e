import { parseConfigurationValue, type TConfigurationPair, type TPlaceResult } from '@mip/shared';
import { eq, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/database.ts';
import { configuration } from '../../db/schema/index.ts';
import type { TGeocoder } from './geocoder.ts';

export const GEOCODER_SEARCH_URL = 'geocoder.searchUrl';
/** Reference places listed before the geocoder's streets. */
const MAX_REFERENCE_PLACES = 8;
/** Shorter texts match reference places only: a geocoder's answer to two letters is noise. */
const GEOCODER_MIN_CHARS = 3;

/**
 * Districts, counties and parishes whose name holds the text (accents and case
 * aside), among those an imported boundary file placed: the exact name first,
 * then names that start with it, counties before parishes before districts.
 */
async function searchReferencePlaces(db: TDatabase, text: string): Promise<TPlaceResult[]> {
  const { rows } = await db.execute<{
    kind: 'DISTRICT' | 'COUNTY' | 'PARISH';
    id: string;
    name: string;
    context: string | null;
    min_longitude: number;
    min_latitude: number;
    max_longitude: number;
    max_latitude: number;
  }>(sql`
    with wanted as (select lower(f_unaccent(${text})) as text),
    named as (
      select 'PARISH' as kind, p.id, p.name, c.name || ', ' || d.name as context, 2 as kind_rank
        from parishes p join counties c on c.id = p.county_id join districts d on d.id = c.district_id
      union all
      select 'COUNTY', c.id, c.name, d.name, 1 from counties c join districts d on d.id = c.district_id
      union all
      select 'DISTRICT', d.id, d.name, null, 3 from districts d
    )
    select n.kind, n.id, n.name, n.context,
           a.min_longitude, a.min_latitude, a.max_longitude, a.max_latitude
      from named n
      join place_areas a on a.kind = n.kind and a.place_id = n.id
      cross join wanted w
     where position(w.text in lower(f_unaccent(n.name))) > 0
     order by lower(f_unaccent(n.name)) = w.text desc,
              position(w.text in lower(f_unaccent(n.name))) = 1 desc,
              n.kind_rank, n.name collate pt_natural, n.context collate pt_natural
     limit ${MAX_REFERENCE_PLACES}`);
  return rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    name: row.name,
    context: row.context,
    latitude: (row.min_latitude + row.max_latitude) / 2,
    longitude: (row.min_longitude + row.max_longitude) / 2,
    boundingBox: {
      minLatitude: row.min_latitude,
      maxLatitude: row.max_latitude,
      minLongitude: row.min_longitude,
      maxLongitude: row.max_longitude,
    },
  }));
}

async function readGeocoderUrl(db: TDatabase): Promise<string | null> {
  const [row] = await db
    .select({ value: configuration.value })
    .from(configuration)
    .where(eq(configuration.name, GEOCODER_SEARCH_URL));
  const url = row ? parseConfigurationValue(row.value) : null;
  return typeof url === 'string' && url.trim() !== '' ? url.trim() : null;
}

function publicValue(pairs: TConfigurationPair[], name: string): unknown {
  const pair = pairs.find((candidate) => candidate.name === name);
  return pair ? parseConfigurationValue(pair.value) : null;
}

function isBounds(value: unknown): value is [[number, number], [number, number]] {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    value.every((corner) => Array.isArray(corner) && corner.length === 2 && corner.every(Number.isFinite))
  );
}

/** The map's place search: reference places by name, then the configured geocoder's streets and addresses. */
export async function searchPlaces(
  db: TDatabase,
  geocoder: TGeocoder,
  input: { text: string; language: string | undefined; publicPairs: TConfigurationPair[] },
): Promise<TPlaceResult[]> {
  const [places, url] = await Promise.all([searchReferencePlaces(db, input.text), readGeocoderUrl(db)]);
  if (!url || input.text.length < GEOCODER_MIN_CHARS) return places;
  const country = publicValue(input.publicPairs, 'app.defaultCountry');
  const bounds = publicValue(input.publicPairs, 'app.mapMaxBounds');
  const addresses = await geocoder.search({
    url,
    text: input.text,
    language: input.language,
    countryCode: typeof country === 'string' && /^[A-Z]{2}$/i.test(country) ? country : null,
    bounds: isBounds(bounds) ? bounds : null,
  });
  return [...places, ...addresses];
}
