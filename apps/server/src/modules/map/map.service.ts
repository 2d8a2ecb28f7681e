import type { TMapFeature } from '@mip/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database.ts';
import { IS_VISIBLE_TO_PUBLIC_SQL } from '../events/events.service.ts';
import { groupsWithin } from '../mobility-systems/mobility-systems.service.ts';
import { groupTileJsonUrl, type TMapTiling } from './map-tiling.ts';

/** A system without a stored shape but with coordinates is drawn as a point there. */
const SYSTEM_GEOMETRY = sql`coalesce(s.geometry::json, case when s.latitude is not null and s.longitude is not null
  then json_build_object('type', 'Point', 'coordinates', json_build_array(s.longitude, s.latitude)) end)`;

/** Groups the public map draws: their systems are public. */
const IS_DRAWN_GROUP = sql`g.layer_type <> 'NO_LAYERS'`;

/** System `s` of group `g` is drawn: active, with a shape or coordinates. */
const IS_PLACED_SYSTEM_OF_GROUP = sql`s.group_id = g.id and s.active
     and (s.geometry is not null or (s.latitude is not null and s.longitude is not null))`;

/** How many systems group `g` draws: its size, by which it goes as GeoJSON or as tiles. */
const PLACED_SYSTEMS_COUNT = sql`(select count(*)::int from mobility_systems s where ${IS_PLACED_SYSTEM_OF_GROUP})`;

/** A group of `placedCount` drawn systems is sent as the platform's own tiles (unless an administrator's). */
const isTiledBySize = (tiling: TMapTiling, placedCount: SQL) => sql`${placedCount} >= ${tiling.minSystems}`;

/** The active systems of group `g` that have a place, as a JSON array of GeoJSON features. */
const GROUP_FEATURES = sql`coalesce((
  select json_agg(json_build_object(
           'type', 'Feature', 'id', s.id, 'geometry', ${SYSTEM_GEOMETRY},
           'properties', json_build_object('_msid', s.id, 'name', s.name, 'systemType', s.system_type, 'color', s.color))
         order by s.id)
    from mobility_systems s
   where ${IS_PLACED_SYSTEM_OF_GROUP}
), '[]'::json)`;

/**
 * What an application's map shows (its allowedSystems and allowedGroups): the incident kinds, and the
 * groups drawn, with their subgroups; null groups means every group.
 */
export interface TMapScope {
  groupIds: number[] | null;
  incidentKinds: readonly ('EVENT' | 'FUTURE_EVENT')[];
}

export interface TMapItemsJson {
  /** The JSON text of the answer. */
  items: string;
  /**
   * Milliseconds from the database's now until the answer goes out of date by time alone: a future
   * incident starts or a current one ends. Null when no drawn incident has such a moment ahead.
   */
  changesInMs: number | null;
}

/**
 * The items of GET /map/, serialised by PostgreSQL. Building the JSON text in the database keeps ten
 * thousand systems and thousands of incident parts from becoming JS objects on every rebuild.
 *
 * - One GROUP item per group drawn on the map (layerType other than NO_LAYERS), with how many systems it
 *   draws (systemsCount: the map says it aloud) and its active systems as GeoJSON features; none for a group
 *   drawn from vector tiles, whose TileJSON the item names (tileMetadataUrl): the administrator's address
 *   when one is set, else the platform's own tiles once the group has `tiling.minSystems` systems. The item
 *   stays, so the filter still lists the group.
 * - One EVENT item (current incidents) and one FUTURE_EVENT item (not started yet), each present when it
 *   has incidents: the parts of every public incident — public, live (OPEN, IN_PROGRESS, PENDING), of an
 *   active category, not ended — as features carrying their own drawing properties (isAlternative,
 *   direction, showDirections, textMarker, isCircle, color) and the incident's (_eid, title,
 *   _category_id, _priority, _creation_date, _is_public). The incident's own keys are written last, so a
 *   stored part can never pose as another incident. Alternative paths are included: the map hides them
 *   until an incident card asks for them.
 */
export async function readMapItemsJson(
  db: TExecutor,
  tiling: TMapTiling,
  scope: TMapScope | null = null,
): Promise<TMapItemsJson> {
  const isGroupInScope = scope?.groupIds ? sql`g.id in ${groupsWithin(scope.groupIds)}` : sql`true`;
  const isKindInScope = scope
    ? sql`(case when l.is_future then 'FUTURE_EVENT' else 'EVENT' end) = any(${sql.param([...scope.incidentKinds])}::text[])`
    : sql`true`;
  const { rows } = await db.execute<{ items: string; changes_in_ms: number | null }>(sql`
    with live as (
      select e.id, e.title, e.category_id, e.priority, e.created_at, e.is_public, e.geojson,
             e.from_timestamp, e.to_timestamp, e.from_timestamp > now() as is_future
        from events e
        join event_categories c on c.id = e.category_id
       where ${IS_VISIBLE_TO_PUBLIC_SQL} and (e.to_timestamp is null or e.to_timestamp > now())
    ),
    event_items as (
      select l.is_future,
             json_agg(json_build_object(
               'type', 'Feature', 'id', l.id, 'geometry', part.feature -> 'geometry',
               'properties', coalesce(part.feature -> 'properties', '{}'::jsonb) || jsonb_build_object(
                 '_eid', l.id, 'title', l.title, '_category_id', l.category_id, '_priority', l.priority,
                 '_creation_date', to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                 '_is_public', l.is_public))
               order by l.from_timestamp, l.id, part.n) as features
        from live l
        cross join lateral jsonb_array_elements(l.geojson -> 'features') with ordinality as part(feature, n)
       where ${isKindInScope}
       group by l.is_future
    ),
    items as (
      select 0 as kind, g.id as position, json_build_object(
               'type', 'GROUP',
               'group', json_build_object('id', g.id, 'type', g.type),
               'systemsCount', placed.n,
               'tileMetadataUrl', tiled.url,
               'geometry', json_build_object('type', 'FeatureCollection', 'features',
                 case when tiled.url is null then ${GROUP_FEATURES} else '[]'::json end)) as item
        from mobility_system_groups g
        cross join lateral (select ${PLACED_SYSTEMS_COUNT} as n) placed
        cross join lateral (
          select coalesce(g.tile_metadata_url, case when ${isTiledBySize(tiling, sql`placed.n`)}
                   then replace(${groupTileJsonUrl(tiling.publicUrl, '{id}')}, '{id}', g.id::text) end) as url
        ) tiled
       where ${IS_DRAWN_GROUP} and ${isGroupInScope}
      union all
      select 1, case when is_future then 1 else 0 end, json_build_object(
               'type', case when is_future then 'FUTURE_EVENT' else 'EVENT' end,
               'group', null,
               'geometry', json_build_object('type', 'FeatureCollection', 'features', features))
        from event_items
    )
    select (select coalesce(json_agg(item order by kind, position), '[]'::json)::text from items) as items,
           (select extract(epoch from min(moment) - now()) * 1000
              from (select from_timestamp as moment from live where is_future
                    union all select to_timestamp from live where to_timestamp is not null) moments
           )::float8 as changes_in_ms`);
  return { items: rows[0].items, changesInMs: rows[0].changes_in_ms };
}

/**
 * The drawn groups GET /map/ sends as the address of the platform's own tiles (no administrator's tile
 * address, at least `tiling.minSystems` placed systems): the ones worth cutting before anyone asks.
 */
export async function readSelfTiledGroupIds(db: TExecutor, tiling: TMapTiling): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(
    sql`select g.id from mobility_system_groups g
         where ${IS_DRAWN_GROUP} and g.tile_metadata_url is null
           and ${isTiledBySize(tiling, PLACED_SYSTEMS_COUNT)}
         order by g.id`,
  );
  return rows.map((row) => row.id);
}

/**
 * One drawn group's name and features, as GET /map/ would draw them without tiles: what its vector tiles
 * are cut from. Null when no such group is drawn on the map.
 */
export async function readGroupFeatures(
  db: TExecutor,
  groupId: number,
): Promise<{ name: string; features: TMapFeature[] } | null> {
  const { rows } = await db.execute<{ name: string; features: string }>(
    sql`select g.name, ${GROUP_FEATURES}::text as features
          from mobility_system_groups g
         where g.id = ${groupId} and ${IS_DRAWN_GROUP}`,
  );
  if (!rows[0]) return null;
  return { name: rows[0].name, features: JSON.parse(rows[0].features) as TMapFeature[] };
}
