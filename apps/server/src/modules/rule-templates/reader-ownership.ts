import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import * as schema from '../../db/schema/index.ts';

/**
 * Seed of the readers' advisory lock keys: hashtextextended(reader, seed) spreads them over PostgreSQL's
 * 64-bit key space, apart from the two-key locks of the IoT queues, so two readers practically never share one.
 */
const READER_LOCK_SEED = 0x52756c65;

export interface TReaderOwnership {
  /** Claims the readers this process does not own yet; answers those it gained now. */
  claim: (readerIds: string[]) => Promise<string[]>;
  isOwned: (readerId: string) => boolean;
  owned: () => string[];
  /**
   * The connection that holds the locks. The owned rules' states and events are written through it alone:
   * a write either runs while the locks are held or fails with the connection, never after another
   * process took the readers over.
   */
  executor: () => Promise<TExecutor>;
  close: () => Promise<void>;
}

/**
 * Which sensors' rules this server process counts. Of several processes, the
 * one holding a reader's session-level advisory lock is the only one that
 * moves that reader's rule states and raises its events, from a copy in
 * memory that nobody else changes; the lock goes with its process (or its
 * connection), and the next owner starts from the saved states and the
 * readings stored since. `onLost` is told when the connection, and with it
 * every lock, is gone.
 */
export function createReaderOwnership(db: TDatabase, onLost: () => void): TReaderOwnership {
  const owned = new Set<string>();
  let connecting: Promise<{ client: pg.Client; executor: TExecutor }> | null = null;

  const connect = () => {
    connecting ??= (async () => {
      const client = new pg.Client(db.$client.options);
      client.on('error', () => {
        // The locks went with the connection: another process may count these readers from now on.
        owned.clear();
        connecting = null;
        void client.end().catch(() => {});
        onLost();
      });
      await client.connect();
      return { client, executor: drizzle(client, { schema }) as unknown as TExecutor };
    })();
    connecting.catch(() => {
      connecting = null;
    });
    return connecting;
  };

  return {
    claim: async (readerIds) => {
      const wanted = readerIds.filter((readerId) => !owned.has(readerId));
      if (wanted.length === 0) return [];
      const { client } = await connect();
      const { rows } = await client.query<{ reader_id: string; locked: boolean }>(
        `select r.reader_id, pg_try_advisory_lock(hashtextextended(r.reader_id, $2)) as locked
           from unnest($1::text[]) as r(reader_id)`,
        [wanted, READER_LOCK_SEED],
      );
      const gained = rows.filter((row) => row.locked).map((row) => row.reader_id);
      for (const readerId of gained) owned.add(readerId);
      return gained;
    },
    isOwned: (readerId) => owned.has(readerId),
    owned: () => [...owned],
    executor: async () => (await connect()).executor,
    close: async () => {
      const current = connecting;
      connecting = null;
      owned.clear();
      if (current) await (await current.catch(() => null))?.client.end().catch(() => {});
    },
  };
}
