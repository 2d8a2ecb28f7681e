import {
  canGrant,
  type TFieldError,
  type TPagedList,
  type TRole,
  type ZRoleInput,
  type ZRoleSearchQuery,
  type ZRolesForUserQuery,
} from '@mip/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { searchPage, type TPagedSearch } from '../../db/paged-search.ts';
import { roles } from '../../db/schema/index.ts';
import { byFoldedText, matchesSearch } from '../../db/text-search.ts';
import { diffRecords, recordAudit, type TActor } from '../../http/audit.ts';
import { deleteFailed, fieldErrors, forbidden, notFound, rethrowUniqueViolation } from '../../http/errors.ts';
import type { TAuthContext } from '../auth/session-store.ts';
import { andEntityInScopeSql } from '../entities/entity-scope.ts';
import { type TRoleRow, toRole, toRoleRecord } from './roles.presenter.ts';

type TRoleSearchQuery = z.infer<typeof ZRoleSearchQuery>;
type TRolesForUserQuery = z.infer<typeof ZRolesForUserQuery>;

const USERS_COUNT = sql`(select count(*)::int from users u where u.role_id = r.id)`;
const ROLE_COLUMNS = sql`r.id, r.name, r.description, r.permissions, ${USERS_COUNT} as users_count`;

/**
 * With excludeUnavailableForUser, only the roles whose every permission the
 * caller holds: canGrant's rule, asked of the whole list in SQL.
 */
function roleSearch(auth: TAuthContext, query: TRoleSearchQuery, extra: (SQL | undefined)[] = []): TPagedSearch {
  return {
    columns: ROLE_COLUMNS,
    from: sql`from roles r`,
    where: [
      query.ids ? sql`r.id = any(${sql.param(query.ids)}::int[])` : undefined,
      matchesSearch(query.universalSearch, [byFoldedText(sql`r.name`)]),
      query.excludeUnavailableForUser ? sql`r.permissions <@ ${sql.param(auth.role.permissions)}::text[]` : undefined,
      ...extra,
    ],
    sortColumns: { name: { expression: sql`r.name collate pt_natural` }, usersCount: { expression: USERS_COUNT } },
    defaultSort: 'name',
    tiebreak: sql`r.id`,
  };
}

export function searchRoles(db: TDatabase, auth: TAuthContext, query: TRoleSearchQuery): Promise<TPagedList<TRole>> {
  return searchPage(db, roleSearch(auth, query), query, toRole);
}

/**
 * The roles a user of `userEntityId` may be given: those its entity's profile
 * allows (every role when the entity has no profile), and with
 * excludeUnavailableForUser only those whose permissions the caller holds.
 * An entity outside the caller's scope offers no role. Roles are not tied to
 * user types here, so userTypes narrows nothing.
 */
export function searchRolesForUser(
  db: TDatabase,
  auth: TAuthContext,
  query: TRolesForUserQuery,
): Promise<TPagedList<TRole>> {
  const entityId = query.userEntityId;
  const allowedForEntity = entityId
    ? sql`exists (select 1 from entities e
                   where e.id = ${entityId} ${andEntityInScopeSql(auth, sql`e.id`)}
                     and (e.profile_id is null or exists (select 1 from entity_profile_roles epr
                                                           where epr.profile_id = e.profile_id and epr.role_id = r.id)))`
    : undefined;
  return searchPage(db, roleSearch(auth, query, [allowedForEntity]), query, toRole);
}

async function findRole(db: TExecutor, id: number): Promise<TRoleRow | null> {
  const { rows } = await db.execute<TRoleRow>(sql`select ${ROLE_COLUMNS} from roles r where r.id = ${id}`);
  return rows[0] ?? null;
}

export async function readRole(db: TDatabase, id: number): Promise<TRole> {
  const row = await findRole(db, id);
  if (!row) throw notFound();
  return toRole(row);
}

/** Security-relevant: a role that holds more than the caller may be neither changed nor deleted by them. */
function assertCanManage(auth: TAuthContext, role: { permissions: string[] }) {
  if (!canGrant(auth, role.permissions)) {
    throw forbidden('This role holds permissions you do not have');
  }
}

async function checkRoleInput(
  db: TExecutor,
  auth: TAuthContext,
  input: { name: string; permissions: string[] },
  roleId: number | null,
): Promise<void> {
  const errors: TFieldError[] = [];
  if (!canGrant(auth, input.permissions)) errors.push({ property: 'permissions', error: 'INVALID_PERMISSION' });
  const { rows } = await db.execute(
    sql`select 1 from roles where lower(name) = lower(${input.name}) and id <> ${roleId ?? 0} limit 1`,
  );
  if (rows.length > 0) errors.push({ property: 'name', error: 'DUPLICATE_NAME' });
  if (errors.length > 0) throw fieldErrors(errors);
}

type TParsedRoleInput = z.infer<typeof ZRoleInput>;

const DUPLICATE_NAME = { roles_name_unique: { property: 'name', error: 'DUPLICATE_NAME' } };

export async function createRole(
  db: TDatabase,
  auth: TAuthContext,
  input: TParsedRoleInput,
  actor: TActor,
): Promise<TRole> {
  const values = { ...input, permissions: [...new Set(input.permissions)] };
  await checkRoleInput(db, auth, values, null);
  const id = await db
    .transaction(async (tx) => {
      const [role] = await tx.insert(roles).values(values).returning();
      await recordAudit(tx, actor, {
        action: 'CREATE',
        recordType: 'role',
        recordId: role.id,
        after: toRoleRecord(role),
      });
      return role.id;
    })
    .catch((error) => rethrowUniqueViolation(error, DUPLICATE_NAME));
  return readRole(db, id);
}

export async function updateRole(
  db: TDatabase,
  auth: TAuthContext,
  id: number,
  input: TParsedRoleInput,
  actor: TActor,
): Promise<TRole> {
  const values = { ...input, permissions: [...new Set(input.permissions)] };
  await db
    .transaction(async (tx) => {
      const [before] = await tx.select().from(roles).where(eq(roles.id, id)).for('update');
      if (!before) throw notFound();
      assertCanManage(auth, before);
      await checkRoleInput(tx, auth, values, id);
      const [after] = await tx
        .update(roles)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(roles.id, id))
        .returning();
      await recordAudit(tx, actor, {
        action: 'UPDATE',
        recordType: 'role',
        recordId: id,
        ...diffRecords(toRoleRecord(before), toRoleRecord(after)),
      });
    })
    .catch((error) => rethrowUniqueViolation(error, DUPLICATE_NAME));
  return readRole(db, id);
}

export async function deleteRole(db: TDatabase, auth: TAuthContext, id: number, actor: TActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(roles).where(eq(roles.id, id)).for('update');
    if (!before) throw notFound();
    assertCanManage(auth, before);
    const { rows } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from users where role_id = ${id}`);
    if (rows[0].n > 0) {
      throw deleteFailed(
        `The role "${before.name}" is still held by ${rows[0].n} user(s); give them another role first`,
        { reason: 'ROLE_HELD_BY_USERS', name: before.name, count: rows[0].n },
      );
    }
    await tx.delete(roles).where(eq(roles.id, id));
    await recordAudit(tx, actor, { action: 'DELETE', recordType: 'role', recordId: id, before: toRoleRecord(before) });
  });
}
