import pg from 'pg';
import { surviveConnectionLoss } from './connection-loss.ts';

// bigint and numeric come back as strings by default; our ids fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * The platform's connection pool, without Drizzle: what openDatabase wraps, and all a GTFS worker thread
 * needs to check and load a feed (its 100 or so schema modules would be loaded at every check otherwise).
 */
export function openPool(url: string, options: { max?: number; idleTimeoutMillis?: number } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    // How long an unused connection stays open (0: as long as the pool).
    idleTimeoutMillis: options.idleTimeoutMillis ?? 10_000,
    application_name: 'mip-server',
    // A request never waits on the database for longer than this.
    statement_timeout: 30_000,
    // Nor for a connection: a database that accepts TCP but does not answer (hung, overloaded) fails the
    // request as unavailable instead of holding it, and the pool, forever.
    connectionTimeoutMillis: 10_000,
  });
  surviveConnectionLoss(pool);
  return pool;
}
