import {
  canGrant,
  type TFieldError,
  type TPagedList,
  type TUser,
  type TUserListItem,
  type TUserSearchQuery,
  type ZUserInput,
} from '@mip/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { searchPage } from '../../db/paged-search.ts';
import { users } from '../../db/schema/index.ts';
import { byFoldedColumn, matchesSearch, searchWords } from '../../db/text-search.ts';
import { diffRecords, recordAudit, type TActor } from '../../http/audit.ts';
import { deleteFailed, fieldErrors, forbidden, notFound, rethrowUniqueViolation } from '../../http/errors.ts';
import { queueActivationMail, type TAuthDeps } from '../auth/auth.service.ts';
import { endUserSessions, type TAuthContext } from '../auth/session-store.ts';
import {
  andEntityInScopeSql,
  entityInScopeSql,
  findEntitiesOutOfScope,
  inSubtreesSql,
  isScopeWithin,
  isUnrestricted,
} from '../entities/entity-scope.ts';
import { type TUserRow, toUser, toUserListItem, toUserRecord } from './users.presenter.ts';

type TParsedUserInput = z.infer<typeof ZUserInput>;
type TStoredUser = typeof users.$inferSelect;

const LIST_COLUMNS = sql`u.id, u.name, u.email, u.entity_id, e.name as entity_name, u.role_id, r.name as role_name,
  u.status, u.last_login_at, u.ballot_number, u.type`;
const FROM_WITH_REFS = sql`from users u join entities e on e.id = u.entity_id join roles r on r.id = u.role_id`;

/** Sorting this many rows costs a few milliseconds; see TPagedSearch.sortFirstUpTo. */
const SORT_FIRST_UP_TO = 20_000;

/** The user list (spec 000 §7): only users of entities in the caller's scope. */
export function searchUsers(
  db: TDatabase,
  auth: TAuthContext,
  query: TUserSearchQuery,
): Promise<TPagedList<TUserListItem>> {
  const { entityId } = query;
  const byEntity =
    entityId === undefined
      ? undefined
      : query.includeChildrenEntities
        ? inSubtreesSql(sql`u.entity_id`, [entityId])
        : sql`u.entity_id = ${entityId}`;
  return searchPage(
    db,
    {
      columns: LIST_COLUMNS,
      from: FROM_WITH_REFS,
      // Every condition is on the user row, so the count reads no other table.
      countFrom: sql`from users u`,
      where: [
        entityInScopeSql(auth, sql`u.entity_id`),
        query.excludeSelf ? sql`u.id <> ${auth.user.id}` : undefined,
        query.status && query.status !== 'ANY' ? sql`u.status = ${query.status}` : undefined,
        query.activated === true ? sql`u.password_hash is not null` : undefined,
        query.type && query.type !== 'ANY' ? sql`u.type = ${query.type}` : undefined,
        byEntity,
        query.roleId ? sql`u.role_id = ${query.roleId}` : undefined,
        // Name and email, folded when written.
        matchesSearch(query.universalSearch, [byFoldedColumn(sql`u.search_text`)]),
      ],
      sortColumns: {
        name: { expression: sql`u.name collate pt_natural` },
        email: { expression: sql`u.email` },
        entityName: { expression: sql`e.name collate pt_natural` },
        roleName: { expression: sql`r.name collate pt_natural` },
        status: { expression: sql`u.status` },
        lastLoginTimestamp: { expression: sql`u.last_login_at`, isNullable: true },
      },
      defaultSort: 'name',
      tiebreak: sql`u.id`,
      // The search box, an entity or a limited scope narrow the list; without them it is read in name order.
      sortFirstUpTo:
        searchWords(query.universalSearch).length > 0 || byEntity || !isUnrestricted(auth)
          ? SORT_FIRST_UP_TO
          : undefined,
    },
    query,
    toUserListItem,
  );
}

async function findUser(db: TExecutor, auth: TAuthContext, id: number): Promise<TUserRow | null> {
  const { rows } = await db.execute<TUserRow>(
    sql`select ${LIST_COLUMNS}, u.language, u.time_zone, u.receive_notifications, u.entities_access_list,
               u.password_hash is not null as is_activated, u.created_at, u.updated_at
          ${FROM_WITH_REFS}
         where u.id = ${id} ${andEntityInScopeSql(auth, sql`u.entity_id`)}`,
  );
  return rows[0] ?? null;
}

export async function readUser(db: TExecutor, auth: TAuthContext, id: number): Promise<TUser> {
  const row = await findUser(db, auth, id);
  if (!row) throw notFound();
  return toUser(row);
}

/**
 * Security-relevant. Whether the caller may act on (edit, delete, impersonate)
 * this user: the user holds no permission the caller lacks and sees nothing
 * the caller cannot, so nobody gains power through someone else's account.
 */
export async function canManageUser(
  db: TExecutor,
  auth: TAuthContext,
  target: { roleId: number; entityId: number; entitiesAccessList: number[] },
): Promise<boolean> {
  const { rows } = await db.execute<{ permissions: string[] }>(
    sql`select permissions from roles where id = ${target.roleId}`,
  );
  return canGrant(auth, rows[0]?.permissions ?? []) && (await isScopeWithin(db, target, auth));
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * The access list to store and whether it must be checked. Left out, a new
 * user is limited to their own entity and an edited one keeps theirs (moving
 * with them if it was just their old entity). A caller who is limited cannot
 * hand out an empty list: it would mean "everything".
 */
function resolveAccessList(input: TParsedUserInput, before: TStoredUser | null) {
  const given = input.entitiesAccessList;
  if (given === undefined) {
    if (!before) return { list: [input.entityId], isChanged: false };
    const followsEntity = sameIds(before.entitiesAccessList, [before.entityId]);
    return { list: followsEntity ? [input.entityId] : before.entitiesAccessList, isChanged: false };
  }
  const list = [...new Set(given)];
  return { list, isChanged: !before || !sameIds(list, before.entitiesAccessList) };
}

type TRoleCheck = {
  permissions: string[];
  is_allowed_by_profile: boolean;
};

/** Every database check of a user form at once (spec 000 §5 and "nobody grants more than they hold"). */
async function checkUserInput(db: TExecutor, auth: TAuthContext, input: TParsedUserInput, before: TStoredUser | null) {
  const access = resolveAccessList(input, before);
  // One after another: inside a transaction they share one connection.
  const entity = await db.execute(
    sql`select 1 from entities where id = ${input.entityId} ${andEntityInScopeSql(auth, sql`id`)}`,
  );
  const role = await db.execute<TRoleCheck>(
    sql`select r.permissions,
               (e.profile_id is null or exists (select 1 from entity_profile_roles epr
                                                 where epr.profile_id = e.profile_id and epr.role_id = r.id))
                 as is_allowed_by_profile
          from roles r left join entities e on e.id = ${input.entityId}
         where r.id = ${input.roleId}`,
  );
  const duplicate = await db.execute(
    sql`select 1 from users where email = ${input.email} and id <> ${before?.id ?? 0}`,
  );
  const outOfScope = access.isChanged ? await findEntitiesOutOfScope(db, auth, access.list) : [];
  const errors: TFieldError[] = [];
  if (entity.rows.length === 0) errors.push({ property: 'entityId', error: 'MISSING_ENTITY' });
  const roleRow = role.rows[0];
  if (!roleRow?.is_allowed_by_profile || !canGrant(auth, roleRow.permissions)) {
    errors.push({ property: 'roleId', error: 'INVALID_ROLE' });
  }
  if (duplicate.rows.length > 0) errors.push({ property: 'email', error: 'DUPLICATE_EMAIL' });
  const widensScope = access.isChanged && access.list.length === 0 && !isUnrestricted(auth);
  if (outOfScope.length > 0 || widensScope) errors.push({ property: 'entitiesAccessList', error: 'INVALID_ENTITY' });
  if (before?.id === auth.user.id && input.status === 'INACTIVE') {
    errors.push({ property: 'status', error: 'INVALID_STATUS' });
  }
  if (errors.length > 0) throw fieldErrors(errors);
  return {
    name: input.name,
    email: input.email,
    entityId: input.entityId,
    roleId: input.roleId,
    status: input.status,
    language: input.language,
    timeZone: input.timeZone,
    receiveNotifications: input.receiveNotifications,
    entitiesAccessList: access.list,
    ballotNumber: input.ballotNumber,
  };
}

const DUPLICATE_EMAIL = { users_email_idx: { property: 'email', error: 'DUPLICATE_EMAIL' } };

export async function createUser(
  deps: TAuthDeps,
  auth: TAuthContext,
  input: TParsedUserInput,
  actor: TActor,
): Promise<TUser> {
  const user = await deps.db
    .transaction(async (tx) => {
      const values = await checkUserInput(tx, auth, input, null);
      const [created] = await tx.insert(users).values(values).returning();
      await recordAudit(tx, actor, {
        action: 'CREATE',
        recordType: 'user',
        recordId: created.id,
        after: toUserRecord(created),
      });
      // Queued with the user: it goes out once they exist, and a mail server that is down does not undo them.
      await queueActivationMail(deps.jobs, tx, created, actor);
      return created;
    })
    .catch((error) => rethrowUniqueViolation(error, DUPLICATE_EMAIL));
  return readUser(deps.db, auth, user.id);
}

/** The user, locked for the change, if the caller may see them (404 otherwise) and act on them (403 otherwise). */
async function lockManagedUser(db: TExecutor, auth: TAuthContext, id: number): Promise<TStoredUser> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`${users.id} = ${id} ${andEntityInScopeSql(auth, sql`${users.entityId}`)}`)
    .for('update');
  if (!user) throw notFound();
  if (!(await canManageUser(db, auth, user))) {
    throw forbidden('This user holds permissions or sees entities that you do not');
  }
  return user;
}

export async function updateUser(
  deps: TAuthDeps,
  auth: TAuthContext,
  id: number,
  input: TParsedUserInput,
  actor: TActor,
): Promise<TUser> {
  await deps.db
    .transaction(async (tx) => {
      const before = await lockManagedUser(tx, auth, id);
      const values = await checkUserInput(tx, auth, input, before);
      const [after] = await tx
        .update(users)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      // A deactivated user is signed out everywhere at once, not when their sessions run out.
      if (after.status !== 'ACTIVE') await endUserSessions(tx, id);
      await recordAudit(tx, actor, {
        action: 'UPDATE',
        recordType: 'user',
        recordId: id,
        ...diffRecords(toUserRecord(before), toUserRecord(after)),
      });
      if (before.status !== 'ACTIVE') await queueActivationMail(deps.jobs, tx, after, actor);
    })
    .catch((error) => rethrowUniqueViolation(error, DUPLICATE_EMAIL));
  return readUser(deps.db, auth, id);
}

export async function deleteUser(db: TDatabase, auth: TAuthContext, id: number, actor: TActor): Promise<void> {
  if (id === auth.user.id || id === auth.impersonatorUserId) {
    // Checked before the lookup: it says nothing about anyone else.
    throw deleteFailed('You cannot delete your own account', { reason: 'OWN_ACCOUNT' });
  }
  await db.transaction(async (tx) => {
    const before = await lockManagedUser(tx, auth, id);
    // Reports of a category go to its agent: a category must not be left without one it names.
    const { rows } = await tx.execute<{ name: string }>(
      sql`select name from event_categories where report_agent_user_id = ${id} order by id limit 1`,
    );
    if (rows[0]) {
      throw deleteFailed(`"${before.name}" is the report agent of the event category "${rows[0].name}"`, {
        reason: 'USER_IS_REPORT_AGENT',
        name: before.name,
      });
    }
    await tx.delete(users).where(eq(users.id, id));
    await recordAudit(tx, actor, { action: 'DELETE', recordType: 'user', recordId: id, before: toUserRecord(before) });
  });
}
