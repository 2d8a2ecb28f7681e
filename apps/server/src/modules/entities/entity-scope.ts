/**
 * Which entities, and so which users, a caller may see and act on. Every
 * service asks here; nothing else decides it. Security-relevant: a record
 * outside the scope must answer as if it did not exist (404).
 *
 * A caller with an empty entitiesAccessList sees everything. Otherwise they
 * see the subtrees (the entity and all its sub-entities, any depth) of each
 * entity in the list and of their own entity. The subtrees are computed in
 * PostgreSQL, never by loading entities into memory.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database.ts';

/** What scoping needs of a caller (a TAuthContext is one). */
export interface TScopeSubject {
  user: { entityId: number; entitiesAccessList: readonly number[] };
}

/** The entities whose subtrees make up the caller's scope, or null when the caller is not limited. */
export function scopeRootIds(subject: TScopeSubject): number[] | null {
  const list = subject.user.entitiesAccessList;
  if (list.length === 0) return null;
  return [...new Set([...list, subject.user.entityId])];
}

export function isUnrestricted(subject: TScopeSubject): boolean {
  return scopeRootIds(subject) === null;
}

/** SQL subquery: the ids of these entities and of every entity below them. */
export function subtreeIdsSql(rootIds: readonly number[]): SQL {
  // UNION (not UNION ALL) stops at an entity already seen, so even a corrupted cycle cannot loop forever.
  return sql`(with recursive subtree(id) as (
      select id from entities where id = any(${sql.param(rootIds)}::int[])
      union
      select child.id from entities child join subtree on child.parent_id = subtree.id
    ) select id from subtree)`;
}

/** SQL subquery: the ids of these entities' ancestors (not the entities themselves). */
export function ancestorIdsSql(entityIds: readonly number[]): SQL {
  return sql`(with recursive ancestor(id) as (
      select parent_id from entities where id = any(${sql.param(entityIds)}::int[]) and parent_id is not null
      union
      select parent.parent_id from entities parent join ancestor on parent.id = ancestor.id
       where parent.parent_id is not null
    ) select id from ancestor)`;
}

/**
 * SQL condition: `entityColumn` holds one of these entities or one below them.
 * Written as `= any(array(…))` rather than `in (…)`: the planner cannot guess
 * how many rows a recursive query yields and, guessing thousands, would read
 * a whole table instead of going through the column's index.
 */
export function inSubtreesSql(entityColumn: SQL, rootIds: readonly number[]): SQL {
  return sql`${entityColumn} = any(array${subtreeIdsSql(rootIds)})`;
}

/**
 * SQL condition: the entity id in `entityColumn` is in the caller's scope.
 * Undefined (no condition) for a caller who sees everything; apply it to a
 * user's entity_id to scope users.
 */
export function entityInScopeSql(subject: TScopeSubject, entityColumn: SQL): SQL | undefined {
  const roots = scopeRootIds(subject);
  return roots ? inSubtreesSql(entityColumn, roots) : undefined;
}

/**
 * SQL condition: every entity id in the array `entityIdsColumn` is in the
 * caller's scope (an empty array is). Undefined for a caller who sees
 * everything. Records owned through a list of entities (a dashboard's
 * restrictions) are in scope only when none of them lies outside it.
 */
export function entityListInScopeSql(subject: TScopeSubject, entityIdsColumn: SQL): SQL | undefined {
  const roots = scopeRootIds(subject);
  return roots ? sql`${entityIdsColumn} <@ array${subtreeIdsSql(roots)}` : undefined;
}

/**
 * SQL condition: no entity that `entityCondition` (on `e`) selects lies
 * outside the caller's scope. Undefined for a caller who sees everything.
 * For records shared by several entities (an entity profile): a limited
 * caller may change only what changes nothing outside their scope.
 */
export function noEntityOutOfScopeSql(subject: TScopeSubject, entityCondition: SQL): SQL | undefined {
  const inScope = entityInScopeSql(subject, sql`e.id`);
  return inScope ? sql`not exists (select 1 from entities e where ${entityCondition} and not ${inScope})` : undefined;
}

/**
 * SQL condition: the user whose id is in `userIdColumn` belongs to an entity
 * in the caller's scope (no user, no match). Undefined for a caller who sees
 * everything. For what users did or left behind (their error reports).
 */
export function userInScopeSql(subject: TScopeSubject, userIdColumn: SQL): SQL | undefined {
  const inScope = entityInScopeSql(subject, sql`scoped.entity_id`);
  return inScope ? sql`${userIdColumn} in (select scoped.id from users scoped where ${inScope})` : undefined;
}

/** `and <entity in scope>` to append to a WHERE, or nothing for a caller who sees everything. */
export function andEntityInScopeSql(subject: TScopeSubject, entityColumn: SQL): SQL {
  const condition = entityInScopeSql(subject, entityColumn);
  return condition ? sql`and ${condition}` : sql``;
}

/** The ones among `entityIds` that do not exist or lie outside the caller's scope. */
export async function findEntitiesOutOfScope(
  db: TExecutor,
  subject: TScopeSubject,
  entityIds: readonly number[],
): Promise<number[]> {
  const wanted = [...new Set(entityIds)];
  if (wanted.length === 0) return [];
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from entities where id = any(${sql.param(wanted)}::int[]) ${andEntityInScopeSql(subject, sql`id`)}`,
  );
  const found = new Set(rows.map((row) => row.id));
  return wanted.filter((id) => !found.has(id));
}

export async function isEntityInScope(db: TExecutor, subject: TScopeSubject, entityId: number): Promise<boolean> {
  return (await findEntitiesOutOfScope(db, subject, [entityId])).length === 0;
}

/**
 * Whether everything `other` may see, `subject` may see too: `other` is
 * limited (or `subject` is not) and each root of `other`'s scope lies in
 * `subject`'s. Guards impersonation and access lists: nobody hands on a
 * wider view than their own.
 */
export async function isScopeWithin(
  db: TExecutor,
  other: TScopeSubject['user'],
  subject: TScopeSubject,
): Promise<boolean> {
  if (isUnrestricted(subject)) return true;
  const otherRoots = scopeRootIds({ user: other });
  if (!otherRoots) return false;
  return (await findEntitiesOutOfScope(db, subject, otherRoots)).length === 0;
}
