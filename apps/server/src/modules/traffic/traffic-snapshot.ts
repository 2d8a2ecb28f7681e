import { asc, eq } from 'drizzle-orm';
import type { TDatabase } from '../../db/database.ts';
import { trafficFeedStatus, trafficJams } from '../../db/schema/index.ts';
import { toTrafficCollection } from './traffic.presenter.ts';

export interface TTrafficAnswer {
  etag: string;
  json: string;
}

/** With traffic off the map gets an empty collection rather than an error: its layer simply shows nothing. */
const OFF: TTrafficAnswer = { etag: '"traffic-off"', json: JSON.stringify(toTrafficCollection([], null)) };

/**
 * GET /waze/traffic/ is polled by every visitor with traffic in the filter;
 * the snapshot changes once per poll. Keep its JSON per version and rebuild
 * only when the version moves: one tiny query per request.
 */
export function createTrafficSnapshotCache(db: TDatabase) {
  let cached: (TTrafficAnswer & { version: number }) | null = null;
  let building: Promise<TTrafficAnswer & { version: number }> | null = null;

  const build = async (version: number, updatedAt: Date | null) => {
    const jams = await db.select().from(trafficJams).orderBy(asc(trafficJams.id));
    const json = JSON.stringify(toTrafficCollection(jams, updatedAt));
    return { version, json, etag: `"traffic-${version}"` };
  };

  return {
    async answer(isEnabled: boolean): Promise<TTrafficAnswer> {
      if (!isEnabled) return OFF;
      const [status] = await db
        .select({ version: trafficFeedStatus.version, updatedAt: trafficFeedStatus.lastSuccessAt })
        .from(trafficFeedStatus)
        .where(eq(trafficFeedStatus.id, 1));
      const version = status?.version ?? 0;
      if (cached?.version === version) return cached;
      // Concurrent requests after a new snapshot share one rebuild.
      building ??= build(version, status?.updatedAt ?? null).finally(() => {
        building = null;
      });
      const built = await building;
      if (built.version >= (cached?.version ?? -1)) cached = built;
      return built;
    },
  };
}
