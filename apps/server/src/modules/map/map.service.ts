import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database.ts';

/** A system without a stored shape but with coordinates is drawn as a point there. */
const SYSTEM_GEOMETRY = sql`coalesce(s.geometry::json, case when s.latitude is not null and s.longitude is not null
  then json_build_object('type', 'Point', 'coordinates', json_build_array(s.longitude, s.latitude)) end)`;

/**
 * The items of GET /map/, serialised by PostgreSQL: one GROUP item per group drawn on the map (layerType
 * other than NO_LAYERS), with its active systems as GeoJSON features. Building the JSON text in the
 * database keeps ten thousand systems from becoming ten thousand JS objects on every rebuild.
 *
 * EVENT and FUTURE_EVENT items (current and future incidents) belong here too; there are no incidents
 * in the product yet, so the answer has none.
 */
export async function readMapItemsJson(db: TExecutor): Promise<string> {
  const { rows } = await db.execute<{ items: string }>(sql`
    select coalesce(json_agg(json_build_object(
             'type', 'GROUP',
             'group', json_build_object('id', g.id, 'type', g.type),
             'geometry', json_build_object('type', 'FeatureCollection', 'features', coalesce((
               select json_agg(json_build_object(
                        'type', 'Feature', 'id', s.id, 'geometry', ${SYSTEM_GEOMETRY},
                        'properties', json_build_object('_msid', s.id, 'name', s.name,
                                                        'systemType', s.system_type, 'color', s.color))
                      order by s.id)
                 from mobility_systems s
                where s.group_id = g.id and s.active
                  and (s.geometry is not null or (s.latitude is not null and s.longitude is not null))
             ), '[]'::json))
           ) order by g.id), '[]'::json)::text as items
      from mobility_system_groups g
     where g.layer_type <> 'NO_LAYERS'`);
  return rows[0].items;
}
