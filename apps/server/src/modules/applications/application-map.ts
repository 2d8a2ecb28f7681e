import type { TMobilityGroupNode } from '@mip/shared';
import { sql } from 'drizzle-orm';
import type { TNotifiedCache } from '../../db/change-listener.ts';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import type { TMapScope } from '../map/map.service.ts';
import { createMapCache, type TMapAnswer } from '../map/map-cache.ts';
import type { TMapTiling } from '../map/map-tiling.ts';
import { groupsWithin } from '../mobility-systems/mobility-systems.service.ts';

/**
 * The map answers of vertical apps, one cache per application, each built for its scope and dropped
 * with every map change like the platform's. A scope changed by an edit (here or in another process)
 * is noticed on the next request, which reads the scope anyway, and gets a cache of its own.
 */
export function createApplicationMapCaches(db: TDatabase, tiling: TMapTiling) {
  const caches = new Map<number, { key: string; cache: TNotifiedCache<TMapAnswer> }>();
  return {
    get: (appId: number, scope: TMapScope): TNotifiedCache<TMapAnswer> => {
      const key = JSON.stringify(scope);
      const held = caches.get(appId);
      if (held?.key === key) return held.cache;
      void held?.cache.close();
      const cache = createMapCache(db, tiling, scope);
      caches.set(appId, { key, cache });
      return cache;
    },
    forget: (appId: number) => {
      void caches.get(appId)?.cache.close();
      caches.delete(appId);
    },
    close: async () => {
      await Promise.all([...caches.values()].map((held) => held.cache.close()));
      caches.clear();
    },
  };
}

/**
 * The groups a scope lets the map's filter offer: an allowed group keeps its whole subtree; a group that
 * is not allowed gives way to those of its subgroups that are, so an allowed subgroup still shows.
 */
export function pruneGroupTree(nodes: TMobilityGroupNode[], allowed: ReadonlySet<number>): TMobilityGroupNode[] {
  return nodes.flatMap((node) => (allowed.has(node.id) ? [node] : pruneGroupTree(node.subgroups, allowed)));
}

/** The groups named and every subgroup below them: where a scoped search may look. */
export async function groupsWithinScope(db: TExecutor, groupIds: number[]): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from mobility_system_groups where id in ${groupsWithin(groupIds)}`,
  );
  return rows.map((row) => row.id);
}
