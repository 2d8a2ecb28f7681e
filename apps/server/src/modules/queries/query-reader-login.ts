import { createHmac } from 'node:crypto';
import pg from 'pg';

/**
 * User-authored SQL runs on connections that log in as `mip_query_reader`
 * (created by migration 0009 with SELECT on the platform's data only).
 *
 * Security-relevant: logging in as the role, rather than `SET ROLE` on the
 * application's own connections, is what keeps a query from climbing back:
 * PostgreSQL lets a session return to any role its *login* user belongs to
 * (`select set_config('role', …)` inside a SELECT), and the reader belongs to
 * none.
 */
export const QUERY_READER_ROLE = 'mip_query_reader';

/**
 * The reader's password: QUERY_READER_PASSWORD when set, else derived from the
 * application's own database password, so every process (and every database
 * of a test cluster) agrees on it without storing another secret. Only
 * letters, digits, - and _ (it is written into ALTER ROLE, which binds nothing).
 */
export function queryReaderPassword(databaseUrl: string, configured: string | null): string {
  if (configured) return configured;
  const secret = decodeURIComponent(new URL(databaseUrl).password) || 'mip-query-reader';
  return createHmac('sha256', secret).update(QUERY_READER_ROLE).digest('base64url');
}

/** The application's URL with the reader's name and password. */
export function queryReaderUrl(databaseUrl: string, password: string): string {
  const url = new URL(databaseUrl);
  url.username = QUERY_READER_ROLE;
  url.password = password;
  return url.toString();
}

async function canLogIn(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Makes the reader able to log in with its password, when it cannot yet. Needs
 * CREATEROLE (or a superuser) the first time; without it an administrator runs
 * `ALTER ROLE mip_query_reader LOGIN PASSWORD '…'` with QUERY_READER_PASSWORD's
 * value. Returns the reason it could not, or null.
 */
export async function enableQueryReaderLogin(
  admin: pg.Pool,
  databaseUrl: string,
  password: string,
): Promise<string | null> {
  const readerUrl = queryReaderUrl(databaseUrl, password);
  // A fresh role has no login yet: trying it first would only leave a failed login in the server's log.
  const { rows } = await admin.query<{ rolcanlogin: boolean }>('select rolcanlogin from pg_roles where rolname = $1', [
    QUERY_READER_ROLE,
  ]);
  if (rows[0]?.rolcanlogin && (await canLogIn(readerUrl))) return null;
  if (!/^[A-Za-z0-9_-]+$/.test(password)) return 'QUERY_READER_PASSWORD may hold only letters, digits, - and _';
  // Several processes (or test files) may get here at once; ALTER ROLE on one row then races.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`alter role ${QUERY_READER_ROLE} with login password '${password}'`);
      break;
    } catch (error) {
      const message = (error as Error).message;
      if (attempt < 5 && /concurrently/.test(message)) {
        await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1)));
        continue;
      }
      return `the ${QUERY_READER_ROLE} role could not be given a login: ${message}`;
    }
  }
  return (await canLogIn(readerUrl)) ? null : `${QUERY_READER_ROLE} still cannot log in (check pg_hba.conf)`;
}
