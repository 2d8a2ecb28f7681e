import fs from 'node:fs/promises';
import path from 'node:path';
import { SERVER_ROOT } from '../config.ts';
import type { TDatabase } from '../db/database.ts';
import { counties, countries, districts, parishes } from '../db/schema/index.ts';
import { parseCsv } from '../lib/csv.ts';
import { toPortugueseTitleCase } from '../lib/portuguese-names.ts';

const PLACES_DIR = path.join(SERVER_ROOT, 'reference', 'places');

async function readPlaces(file: string) {
  return parseCsv(await fs.readFile(path.join(PLACES_DIR, file), 'utf8'));
}

/** Loads Portugal's districts, counties and parishes and the ISO countries, once. */
export async function loadReferenceData(db: TDatabase): Promise<void> {
  const { rows } = await db.$client.query('select count(*)::int as n from districts');
  if (rows[0].n > 0) return;
  const [districtRows, countyRows, parishRows, countryRows] = await Promise.all([
    readPlaces('districts.csv'),
    readPlaces('counties.csv'),
    readPlaces('parishes.csv'),
    readPlaces('countries.csv'),
  ]);
  await db.transaction(async (tx) => {
    await tx.insert(districts).values(districtRows.map((r) => ({ id: r.code, name: toPortugueseTitleCase(r.name) })));
    await tx
      .insert(counties)
      .values(
        countyRows.map((r) => ({ id: r.code, name: toPortugueseTitleCase(r.name), districtId: r.district_code })),
      );
    for (let i = 0; i < parishRows.length; i += 1000) {
      await tx
        .insert(parishes)
        .values(
          parishRows
            .slice(i, i + 1000)
            .map((r) => ({ id: r.code, name: toPortugueseTitleCase(r.name), countyId: r.county_code })),
        );
    }
    await tx.insert(countries).values(
      countryRows.map((r) => ({
        id: r.alpha2,
        alpha3: r.alpha3,
        numeric: r.numeric,
        namePt: r.name_pt,
        nameEn: r.name_en,
      })),
    );
  });
}
