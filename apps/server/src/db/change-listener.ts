import pg from 'pg';
import type { TDatabase } from './database.ts';

export interface TChangeListener {
  /** False while the connection is down: a cache must not trust its copy then, a notification may be lost. */
  isListening: () => boolean;
  close: () => Promise<void>;
}

/** One LISTEN connection per database and channel, however many caches hear it. */
interface TSharedListener {
  subscribers: Set<(payload: string) => void>;
  isListening: boolean;
  close: () => Promise<void>;
}

const sharedListeners = new WeakMap<TDatabase, Map<string, TSharedListener>>();

/**
 * LISTENs on a PostgreSQL channel on a connection of its own (outside the pool, so closing the pool never
 * waits for it) and tells every subscriber of every notification, and also whenever the connection drops,
 * since a change may then go unheard. Reconnects every second until its last subscriber leaves.
 */
function openSharedListener(db: TDatabase, channel: string, onClosed: () => void): TSharedListener {
  let client: pg.Client | null = null;
  let isClosed = false;
  let retry: NodeJS.Timeout | null = null;
  const shared: TSharedListener = {
    subscribers: new Set(),
    isListening: false,
    close: async () => {
      isClosed = true;
      onClosed();
      if (retry) clearTimeout(retry);
      if (client) {
        await client.end().catch(() => {});
        client = null;
      }
    },
  };
  const notifyAll = (message?: pg.Notification) => {
    for (const onChange of shared.subscribers) onChange(message?.payload ?? '');
  };

  const reconnectLater = () => {
    if (!isClosed) retry = setTimeout(listen, 1000);
  };
  const listen = async () => {
    if (isClosed) return;
    try {
      const connection = new pg.Client(db.$client.options);
      await connection.connect();
      client = connection;
      connection.on('notification', notifyAll);
      connection.on('error', () => {
        shared.isListening = false;
        notifyAll();
        void connection.end().catch(() => {});
        if (client === connection) client = null;
        reconnectLater();
      });
      await connection.query(`listen ${channel}`);
      shared.isListening = true;
      // A change committed before the LISTEN took (at the start, or while reconnecting) went unheard: what
      // was read meanwhile is told to read again.
      notifyAll();
    } catch {
      shared.isListening = false;
      reconnectLater();
    }
  };
  void listen();
  return shared;
}

/**
 * Calls onChange with the payload of every notification on the channel, and with '' whenever the
 * connection drops or starts listening (a change may have gone unheard in between), until closed.
 */
export function listenForChanges(db: TDatabase, channel: string, onChange: (payload: string) => void): TChangeListener {
  let byChannel = sharedListeners.get(db);
  if (!byChannel) {
    byChannel = new Map();
    sharedListeners.set(db, byChannel);
  }
  const channels = byChannel;
  const shared =
    channels.get(channel) ??
    openSharedListener(db, channel, () => {
      if (channels.get(channel) === shared) channels.delete(channel);
    });
  channels.set(channel, shared);
  shared.subscribers.add(onChange);

  let isClosed = false;
  return {
    isListening: () => !isClosed && shared.isListening,
    close: async () => {
      if (isClosed) return;
      isClosed = true;
      shared.subscribers.delete(onChange);
      if (shared.subscribers.size === 0) await shared.close();
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
