/**
 * Which mobility groups, and so which systems, documents and GTFS imports
 * under them, a caller may edit: those whose group's entity lies in the
 * caller's scope (entity-scope.ts decides that, nothing here does).
 * Security-relevant: callers answer 404 for anything outside, as if it did
 * not exist. The public map reads none of this: it shows every group.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database.ts';
import { andEntityInScopeSql, entityInScopeSql, type TScopeSubject } from '../entities/entity-scope.ts';

const entityOfGroup = (groupIdColumn: SQL) =>
  sql`(select scoped.entity_id from mobility_system_groups scoped where scoped.id = ${groupIdColumn})`;

/** SQL condition: the group `groupIdColumn` names is in the caller's scope; undefined when they see everything. */
export function groupInScopeSql(subject: TScopeSubject, groupIdColumn: SQL): SQL | undefined {
  return entityInScopeSql(subject, entityOfGroup(groupIdColumn));
}

/** `and <the group's entity is in scope>`, for a query where `groupIdColumn` names a group. */
export function andGroupInScopeSql(subject: TScopeSubject, groupIdColumn: SQL): SQL {
  return andEntityInScopeSql(subject, entityOfGroup(groupIdColumn));
}

/** Whether the group exists and the caller may edit it (and everything under it). */
export async function isGroupInScope(db: TExecutor, subject: TScopeSubject, groupId: number): Promise<boolean> {
  const { rows } = await db.execute(
    sql`select 1 from mobility_system_groups g where g.id = ${groupId} ${andEntityInScopeSql(subject, sql`g.entity_id`)}`,
  );
  return rows.length > 0;
}

/** Whether every one of these systems exists and the caller may edit it: its group's entity is in their scope. */
export async function areSystemsInScope(db: TExecutor, subject: TScopeSubject, ids: number[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from mobility_systems s
         where s.id = any(${sql.param(ids)}::int[]) ${andGroupInScopeSql(subject, sql`s.group_id`)}`,
  );
  return rows[0].n === new Set(ids).size;
}
