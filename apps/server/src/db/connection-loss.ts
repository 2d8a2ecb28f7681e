import type pg from 'pg';

/** Socket errors of a database that is not there (stopped, restarting, or the network to it down). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs that say the server went away or cannot take the connection now:
 * 57P01 admin shutdown, 57P02 crash shutdown, 57P03 starting up or in
 * recovery, 53300 too many connections. Class 08 is "connection exception".
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres' own messages for a connection that broke, timed out or belongs to a pool being closed. */
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
];

function isUnavailableError(error: { code?: unknown; message?: unknown }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')) return true;
  const message = typeof error.message === 'string' ? error.message : '';
  return CONNECTION_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * Whether a failure means the database could not be reached (rather than a
 * query it refused): the caller may try again in a few seconds. Looks through
 * the causes Drizzle wraps driver errors in, and the several attempts of a
 * connection to a host with more than one address.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (isUnavailableError(candidate)) return true;
    pending.push(candidate.cause);
    if (Array.isArray(candidate.errors)) pending.push(...candidate.errors);
  }
  return false;
}

/**
 * Keeps a lost database connection from ending the process, or the pool.
 * node-postgres emits 'error' on a client whose server went away; the pool
 * listens only while the client is idle, so one checked out (a transaction
 * under way, a lock held) would raise an unhandled 'error' event and crash
 * the server. And its holder may never give it back: Drizzle's transaction
 * does not when its `begin` fails, so each such loss would take a slot of the
 * pool for good, until none is left. A broken client checked out is given
 * back at once instead (the pool drops it and opens a new connection on next
 * use); its holder's queries fail as unavailable, and its own release later
 * does nothing.
 */
export function surviveConnectionLoss(pool: pg.Pool): void {
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('error', () => {
    // An idle client lost its connection; the pool has dropped it and opens another on next use. Not logged:
    // a restart ends every idle connection at once, and the health check says the database was away.
  });
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      const holder = client as pg.PoolClient;
      // An idle client is the pool's own listener's to drop.
      if (!checkedOut.has(holder)) return;
      const release = holder.release;
      holder.release = () => {};
      release.call(holder, error);
    });
  });
}
