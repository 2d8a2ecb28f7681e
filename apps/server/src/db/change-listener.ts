import pg from 'pg';
import type { TDatabase } from './database.ts';

export interface TChangeListener {
  /** False while the connection is down: a cache must not trust its copy then, a notification may be lost. */
  isListening: () => boolean;
  close: () => Promise<void>;
}

/**
 * LISTENs on a PostgreSQL channel on a connection of its own (outside the pool, so closing the pool never
 * waits for it) and calls onChange for every notification, and also whenever the connection drops, since
 * a change may then go unheard. Reconnects every second until closed.
 */
export function listenForChanges(db: TDatabase, channel: string, onChange: () => void): TChangeListener {
  let client: pg.Client | null = null;
  let isListening = false;
  let isClosed = false;
  let retry: NodeJS.Timeout | null = null;

  const reconnectLater = () => {
    if (!isClosed) retry = setTimeout(listen, 1000);
  };
  const listen = async () => {
    if (isClosed) return;
    try {
      const connection = new pg.Client(db.$client.options);
      await connection.connect();
      client = connection;
      connection.on('notification', onChange);
      connection.on('error', () => {
        isListening = false;
        onChange();
        void connection.end().catch(() => {});
        if (client === connection) client = null;
        reconnectLater();
      });
      await connection.query(`listen ${channel}`);
      isListening = true;
    } catch {
      isListening = false;
      reconnectLater();
    }
  };
  void listen();

  return {
    isListening: () => isListening,
    close: async () => {
      isClosed = true;
      if (retry) clearTimeout(retry);
      if (client) {
        await client.end().catch(() => {});
        client = null;
      }
    },
  };
}

export interface TNotifiedCache<T> {
  /** The cached value, loaded when missing or stale; concurrent callers share one load. */
  get: () => Promise<T>;
  /** The value when a fresh copy is at hand, else null: lets the busiest calls answer without a promise. */
  fresh: () => T | null;
  invalidate: () => void;
  close: () => Promise<void>;
}

/**
 * A value read from the database, kept in memory until any server process announces a change on the
 * channel (PostgreSQL LISTEN/NOTIFY), or maxAgeMs at the latest: a safety net should a notification be
 * missed while the listening connection reconnects.
 */
export function createNotifiedCache<T>(
  db: TDatabase,
  channel: string,
  maxAgeMs: number,
  read: () => Promise<T>,
): TNotifiedCache<T> {
  let cached: { value: T; at: number } | null = null;
  let loading: Promise<T> | null = null;
  let generation = 0;
  const invalidate = () => {
    generation++;
    cached = null;
    loading = null;
  };
  const listener = listenForChanges(db, channel, invalidate);
  const fresh = () => (cached && listener.isListening() && Date.now() - cached.at < maxAgeMs ? cached.value : null);

  const get = async () => {
    const current = fresh();
    if (current !== null) return current;
    if (!loading) {
      const started = generation;
      const load = read().then((value) => {
        // A change announced while this read ran makes it stale: use it once, do not keep it.
        if (started === generation) cached = { value, at: Date.now() };
        if (loading === load) loading = null;
        return value;
      });
      loading = load;
      load.catch(() => {
        if (loading === load) loading = null;
      });
    }
    return loading;
  };

  return { get, fresh, invalidate, close: listener.close };
}
