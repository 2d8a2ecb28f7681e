import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { QUERY_READER_ROLE } from './query-reader-login.ts';

const t = useTestApp();

/**
 * Functions every role may call by default whose effect reaches past the
 * reader's own read-only statement: signals to the platform's listeners, locks
 * the platform's singletons and jobs take, WAL and transaction ids written,
 * other sessions (other visitors' widgets) cancelled, large objects stored.
 */
const SIDE_EFFECTS =
  /^(pg_notify|pg_(try_)?advisory(_xact)?_lock(_shared)?|pg_logical_emit_message|txid_current|pg_current_xact_id|pg_cancel_backend|pg_terminate_backend|lo_create|lo_creat|lo_from_bytea|lo_import|lo_export)$/;

/** The pg_catalog functions of those names a role may execute, as `name(arguments)`. */
async function executable(role: string): Promise<string[]> {
  const { rows } = await t.db.$client.query<{ fn: string; proname: string }>(
    `select p.oid::regprocedure::text as fn, p.proname
       from pg_proc p
      where p.pronamespace = 'pg_catalog'::regnamespace and has_function_privilege($1, p.oid, 'EXECUTE')
      order by 1`,
    [role],
  );
  return rows.filter((row) => SIDE_EFFECTS.test(row.proname)).map((row) => row.fn);
}

describe('what the query reader may execute', () => {
  it('calls no function with an effect outside its own read-only statement', async () => {
    expect(await executable(QUERY_READER_ROLE)).toEqual([]);
  });

  it('still releases its own advisory locks and reads its settings (the session reset and queries use them)', async () => {
    const { rows } = await t.db.$client.query<Record<string, boolean>>(
      `select has_function_privilege($1, 'pg_advisory_unlock_all()', 'EXECUTE') as unlock_all,
              has_function_privilege($1, 'current_setting(text)', 'EXECUTE') as current_setting,
              has_function_privilege($1, 'pg_sleep(double precision)', 'EXECUTE') as sleep`,
      [QUERY_READER_ROLE],
    );
    expect(rows[0]).toEqual({ unlock_all: true, current_setting: true, sleep: true });
  });

  it("leaves the platform's own user every one of them (it notifies and locks)", async () => {
    const { rows } = await t.db.$client.query<{ me: string }>('select current_user as me');
    const mine = await executable(rows[0].me);
    for (const fn of ['pg_notify(text,text)', 'pg_advisory_xact_lock(bigint)', 'pg_try_advisory_lock(bigint)']) {
      expect(mine).toContain(fn);
    }
  });
});
