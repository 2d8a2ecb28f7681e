import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { openPool } from './pool.ts';
import * as schema from './schema/index.ts';

export type TDatabase = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** The pool or a transaction: what a query helper runs on, so it works inside and outside a transaction. */
export type TExecutor = PgDatabase<NodePgQueryResultHKT, typeof schema>;

/** What code that only runs SQL of its own needs of the database: its pool (a GTFS worker thread has no more). */
export type TDatabaseClient = Pick<TDatabase, '$client'>;

export function openDatabase(url: string, options: { max?: number } = {}): TDatabase {
  return drizzle(openPool(url, options), { schema }) as TDatabase;
}
