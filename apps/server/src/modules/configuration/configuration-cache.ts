import type { TConfigurationPair } from '@mip/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
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
  let cached: { pairs: TConfigurationPair[]; json: string; at: number } | null = null;
  let loading: Promise<{ pairs: TConfigurationPair[]; json: string }> | null = null;
  let generation = 0;
  let listener: pg.Client | null = null;
  let isListening = false;
  let isClosed = false;
  let retry: NodeJS.Timeout | null = null;

  const invalidate = () => {
    generation++;
    cached = null;
    loading = null;
  };

  const listen = async () => {
    if (isClosed) return;
    try {
      // A connection of its own, outside the pool, so closing the pool never waits for it.
      const client = new pg.Client(db.$client.options);
      await client.connect();
      listener = client;
      client.on('notification', invalidate);
      client.on('error', () => {
        isListening = false;
        invalidate();
        void client.end().catch(() => {});
        if (listener === client) listener = null;
        if (!isClosed) retry = setTimeout(listen, 1000);
      });
      await client.query(`listen ${CONFIGURATION_CHANNEL}`);
      isListening = true;
    } catch {
      isListening = false;
      if (!isClosed) retry = setTimeout(listen, 1000);
    }
  };
  void listen();

  const fresh = () => (cached && isListening && Date.now() - cached.at < MAX_AGE_MS ? cached : null);

  const load = async () => {
    const current = fresh();
    if (current) return current;
    if (!loading) {
      const started = generation;
      loading = listPublicConfiguration(db).then((pairs) => {
        const value = { pairs, json: JSON.stringify(pairs) };
        // A change announced while this read ran makes it stale: use it once, do not keep it.
        if (started === generation) cached = { ...value, at: Date.now() };
        loading = null;
        return value;
      });
      loading.catch(() => {
        loading = null;
      });
    }
    return loading;
  };

  return {
    publicPairs: async () => (await load()).pairs,
    publicJson: async () => (await load()).json,
    freshPublicJson: () => fresh()?.json ?? null,
    invalidate,
    close: async () => {
      isClosed = true;
      if (retry) clearTimeout(retry);
      if (listener) {
        await listener.end().catch(() => {});
        listener = null;
      }
    },
  };
}

/** Tells every server process (this one included) that the configuration changed; delivered on commit. */
export async function announceConfigurationChange(writer: Pick<TDatabase, 'execute'>): Promise<void> {
  await writer.execute(sql`select pg_notify(${CONFIGURATION_CHANNEL}, '')`);
}
