import { createNotifiedCache, type TNotifiedCache } from '../../db/change-listener.ts';
import type { TDatabase } from '../../db/database.ts';
import { encodeBodies, type TEncodedBodies } from '../../http/encoded-bodies.ts';
import { readMapItemsJson, type TMapScope } from './map.service.ts';
import type { TMapTiling } from './map-tiling.ts';

/**
 * Notified by triggers on the groups and systems tables (migration 0006) and on events and their
 * categories (migration 0007), whoever writes them.
 */
export const MAP_CHANNEL = 'mip_map_changed';
/** A safety net should a notification be missed while the listening connection reconnects. */
const MAX_AGE_MS = 60_000;

/** The map answer in every encoding it is sent in, compressed once per change rather than per request. */
export interface TMapAnswer extends TEncodedBodies {
  /**
   * When time alone outdates it (Date.now() scale): a future incident starts, a current one ends. No
   * write announces those moments, so the answer carries its own end; null when none lies ahead.
   */
  expiresAt: number | null;
}

async function buildAnswer(db: TDatabase, tiling: TMapTiling, scope: TMapScope | null): Promise<TMapAnswer> {
  const { items, changesInMs } = await readMapItemsJson(db, tiling, scope);
  // Counted from after the read, against the database's own clock: a clock apart from the database's
  // can only make the answer last a few milliseconds past the moment, never expire again and again early.
  const expiresAt = changesInMs === null ? null : Date.now() + Math.max(0, Math.ceil(changesInMs));
  return { ...(await encodeBodies(items)), expiresAt };
}

export type TMapCache = ReturnType<typeof createMapCache>;

/**
 * The answer (an application's map when a scope is given), kept until a write is announced, MAX_AGE_MS passes, or its own expiresAt (an incident
 * starting or ending) is reached, whichever comes first.
 */
export function createMapCache(
  db: TDatabase,
  tiling: TMapTiling,
  scope: TMapScope | null = null,
): TNotifiedCache<TMapAnswer> {
  const cache = createNotifiedCache(db, MAP_CHANNEL, MAX_AGE_MS, () => buildAnswer(db, tiling, scope));
  const isOutdated = (answer: TMapAnswer) => answer.expiresAt !== null && Date.now() >= answer.expiresAt;
  const fresh = () => {
    const answer = cache.fresh();
    if (answer && isOutdated(answer)) {
      cache.invalidate();
      return null;
    }
    return answer;
  };
  return {
    ...cache,
    fresh,
    get: async () => fresh() ?? cache.get(),
  };
}
