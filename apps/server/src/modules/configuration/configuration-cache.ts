import type { TConfigurationPair } from '@mip/shared';
import { sql } from 'drizzle-orm';
import { createNotifiedCache } from '../../db/change-listener.ts';
import type { TDatabase } from '../../db/database.ts';
import { listPublicConfiguration } from './configuration.service.ts';

/** Channel a server process notifies after changing the configuration, so every process drops its copy. */
export const CONFIGURATION_CHANNEL = 'mip_configuration_changed';
/** A safety net should a notification be missed while the listening connection reconnects. */
const MAX_AGE_MS = 30_000;

export interface TConfigurationCache {
  publicPairs: () => Promise<TConfigurationPair[]>;
  /** The same pairs, already serialised: every visitor's first call asks for them. */
  publicJson: () => Promise<string>;
  /** The serialised pairs when a fresh copy is at hand, else null: lets the busiest call answer without a promise. */
  freshPublicJson: () => string | null;
  invalidate: () => void;
  close: () => Promise<void>;
}

/**
 * The public configuration is read by every page load and changes a few times
 * a year; keep it in memory, and drop it when any server process announces a
 * change (PostgreSQL LISTEN/NOTIFY), or after MAX_AGE_MS at the latest.
 */
export function createConfigurationCache(db: TDatabase): TConfigurationCache {
  const cache = createNotifiedCache(db, CONFIGURATION_CHANNEL, MAX_AGE_MS, async () => {
    const pairs = await listPublicConfiguration(db);
    return { pairs, json: JSON.stringify(pairs) };
  });
  return {
    publicPairs: async () => (await cache.get()).pairs,
    publicJson: async () => (await cache.get()).json,
    freshPublicJson: () => cache.fresh()?.json ?? null,
    invalidate: cache.invalidate,
    close: cache.close,
  };
}

/** Tells every server process (this one included) that the configuration changed; delivered on commit. */
export async function announceConfigurationChange(writer: Pick<TDatabase, 'execute'>): Promise<void> {
  await writer.execute(sql`select pg_notify(${CONFIGURATION_CHANNEL}, '')`);
}
