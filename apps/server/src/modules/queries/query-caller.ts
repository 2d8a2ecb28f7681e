import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database.ts';
import type { TAuthContext } from '../auth/session-store.ts';
import { entityInScopeSql, type TScopeSubject } from '../entities/entity-scope.ts';
import type { TQueryCaller } from './sql-template.ts';

const VISITOR: TQueryCaller = { userId: null, entityIds: [] };

async function entitiesInScope(db: TExecutor, subject: TScopeSubject): Promise<number[]> {
  const condition = entityInScopeSql(subject, sql`id`);
  const { rows } = await db.execute<{ ids: number[] }>(
    sql`select coalesce(array_agg(id order by id), '{}') as ids from entities ${condition ? sql`where ${condition}` : sql``}`,
  );
  return rows[0]?.ids ?? [];
}

/**
 * What a query may bind of its caller: `:caller_user_id`, and
 * `:caller_entity_ids` — the entities they may see (every entity for a user
 * without an access list), or none for a visitor.
 */
export async function queryCallerOf(db: TExecutor, auth: TAuthContext | null): Promise<TQueryCaller> {
  if (!auth) return VISITOR;
  return { userId: auth.user.id, entityIds: await entitiesInScope(db, auth) };
}

/** The same for a user who is not calling now (a scheduled report runs as its owner); null when they are gone. */
export async function queryCallerForUser(db: TExecutor, userId: number): Promise<TQueryCaller | null> {
  const { rows } = await db.execute<{ entity_id: number; entities_access_list: number[] }>(
    sql`select entity_id, entities_access_list from users where id = ${userId} and status = 'ACTIVE'`,
  );
  const user = rows[0];
  if (!user) return null;
  const subject = { user: { entityId: user.entity_id, entitiesAccessList: user.entities_access_list } };
  return { userId, entityIds: await entitiesInScope(db, subject) };
}
