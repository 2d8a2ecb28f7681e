import type { Readable } from 'node:stream';
import type { TBoundaryImportResult, TBoundarySummary } from '@mip/shared';
import { sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/database.ts';
import { counties, districts, parishes, placeAreas } from '../../db/schema/index.ts';
import { recordAudit, type TActor } from '../../http/audit.ts';
import { fieldErrors } from '../../http/errors.ts';
import { fillParentAreas, readBoundaryFile } from './boundary-file.ts';

const INSERT_BATCH = 1000;

/**
 * Imports an official boundary file: every reference place it has an area
 * for gets that area's box, and the previous import is replaced as a whole
 * (a file of parishes only still places their counties and districts). A file
 * that matches no place changes nothing.
 */
export async function importBoundaries(db: TDatabase, source: Readable, actor: TActor): Promise<TBoundaryImportResult> {
  const [districtRows, countyRows, parishRows] = await Promise.all([
    db.select({ id: districts.id }).from(districts),
    db.select({ id: counties.id, districtId: counties.districtId }).from(counties),
    db.select({ id: parishes.id, countyId: parishes.countyId }).from(parishes),
  ]);
  const countyOf = new Map(parishRows.map((row) => [row.id, row.countyId]));
  const districtOf = new Map(countyRows.map((row) => [row.id, row.districtId]));
  const file = await readBoundaryFile(source, {
    districts: new Set(districtRows.map((row) => row.id)),
    counties: new Set(districtOf.keys()),
    parishes: new Set(countyOf.keys()),
  });
  if (file.areas.size === 0) {
    throw fieldErrors([{ property: 'file', error: 'NO_PLACES_MATCHED', detail: file.unmatchedSample.join('; ') }]);
  }
  fillParentAreas(file.areas, { county: (id) => countyOf.get(id), district: (id) => districtOf.get(id) });

  const rows = [...file.areas.values()].map((area) => ({ kind: area.kind, placeId: area.placeId, ...area.box }));
  const count = (kind: string) => rows.filter((row) => row.kind === kind).length;
  const result: TBoundaryImportResult = {
    features: file.features,
    districts: count('DISTRICT'),
    counties: count('COUNTY'),
    parishes: count('PARISH'),
    unmatched: file.unmatched,
    unmatchedSample: file.unmatchedSample,
  };
  await db.transaction(async (tx) => {
    await tx.delete(placeAreas);
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      await tx.insert(placeAreas).values(rows.slice(start, start + INSERT_BATCH));
    }
    await recordAudit(tx, actor, { action: 'UPDATE', recordType: 'place_boundaries', after: result });
  });
  return result;
}

export async function readBoundarySummary(db: TDatabase): Promise<TBoundarySummary> {
  const {
    rows: [row],
  } = await db.execute<{
    districts: number;
    districts_with_area: number;
    counties: number;
    counties_with_area: number;
    parishes: number;
    parishes_with_area: number;
    imported_at: Date | null;
  }>(sql`
    select
      (select count(*)::int from ${districts}) as districts,
      (select count(*)::int from ${placeAreas} where kind = 'DISTRICT') as districts_with_area,
      (select count(*)::int from ${counties}) as counties,
      (select count(*)::int from ${placeAreas} where kind = 'COUNTY') as counties_with_area,
      (select count(*)::int from ${parishes}) as parishes,
      (select count(*)::int from ${placeAreas} where kind = 'PARISH') as parishes_with_area,
      (select max(imported_at) from ${placeAreas}) as imported_at`);
  return {
    districts: { withArea: row.districts_with_area, total: row.districts },
    counties: { withArea: row.counties_with_area, total: row.counties },
    parishes: { withArea: row.parishes_with_area, total: row.parishes },
    importedAt: row.imported_at ? new Date(row.imported_at).toISOString() : null,
  };
}
