import type { TEventGeoJson, TGeometry } from '@mip/shared';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database.ts';
import { degreesFor, nearnessOf } from './event-geometry.ts';

/** How close a system must lie to an event's parts to be suggested as affected. */
export const SUGGESTION_DISTANCE_METRES = 50;
export const MAX_SUGGESTED_SYSTEMS = 50;
/** Candidates read from the boxes before the exact distance: enough for a city centre, bounded for a wild drawing. */
const MAX_CANDIDATES = 5_000;

export type TSuggestedSystem = { id: number; name: string; parentName: string };

/**
 * POST /events/suggest-systems: active mobility systems within ~50 m of the
 * event's own parts (not its alternative paths), nearest first. The boxes of
 * mobility_systems pick the candidates through their index; the exact
 * distance is then measured here, on the geometries themselves.
 */
export async function suggestAffectedSystems(db: TExecutor, geojson: TEventGeoJson): Promise<TSuggestedSystem[]> {
  const { parts, distanceTo } = nearnessOf(geojson, SUGGESTION_DISTANCE_METRES);
  const boxes = parts.map((part) => {
    const margin = degreesFor(part.reach, (part.box.minLatitude + part.box.maxLatitude) / 2);
    return sql`(s.min_latitude <= ${part.box.maxLatitude + margin.latitude}
            and s.max_latitude >= ${part.box.minLatitude - margin.latitude}
            and s.min_longitude <= ${part.box.maxLongitude + margin.longitude}
            and s.max_longitude >= ${part.box.minLongitude - margin.longitude})`;
  });
  const { rows } = await db.execute<TSuggestedSystem & { geometry: TGeometry | null }>(
    sql`select s.id, s.name, g.name as "parentName", s.geometry
          from mobility_systems s join mobility_system_groups g on g.id = s.group_id
         where s.active and s.geometry is not null and (${sql.join(boxes, sql` or `)})
         limit ${MAX_CANDIDATES}`,
  );
  return rows
    .flatMap((row) => {
      const distance = row.geometry ? distanceTo(row.geometry) : null;
      return distance === null ? [] : [{ id: row.id, name: row.name, parentName: row.parentName, distance }];
    })
    .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name, 'pt') || a.id - b.id)
    .slice(0, MAX_SUGGESTED_SYSTEMS)
    .map(({ id, name, parentName }) => ({ id, name, parentName }));
}
