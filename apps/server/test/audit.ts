import type { TDatabase } from '../src/db/database.ts';

export interface TAuditRow {
  user_id: number | null;
  impersonator_user_id: number | null;
  action: string;
  record_type: string;
  record_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  user_agent: string | null;
}

/** The audit rows of one action, oldest first. */
export async function findAuditRows(db: TDatabase, action: string, recordType?: string): Promise<TAuditRow[]> {
  const { rows } = await db.$client.query<TAuditRow>(
    `select user_id, impersonator_user_id, action, record_type, record_id, before, after, ip, user_agent
       from audit_log where action = $1 and ($2::text is null or record_type = $2) order by id`,
    [action, recordType ?? null],
  );
  return rows;
}
