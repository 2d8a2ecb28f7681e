import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { surviveConnectionLoss } from './connection-loss.ts';
import * as schema from './schema/index.ts';

export type TDatabase = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** The pool or a transaction: what a query helper runs on, so it works inside and outside a transaction. */
export type TExecutor = PgDatabase<NodePgQueryResultHKT, typeof schema>;

// bigint and numeric come back as strings by default; our ids fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function openDatabase(url: string, options: { max?: number } = {}): TDatabase {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    application_name: 'mip-server',
    // A request never waits on the database for longer than this.
    statement_timeout: 30_000,
    // Nor for a connection: a database that accepts TCP but does not answer (hung, overloaded) fails the
    // request as unavailable instead of holding it, and the pool, forever.
    connectionTimeoutMillis: 10_000,
  });
  surviveConnectionLoss(pool);
  return drizzle(pool, { schema }) as TDatabase;
}
