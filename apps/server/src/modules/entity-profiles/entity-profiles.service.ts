import {
  canGrant,
  type TEntityProfile,
  type TFieldError,
  type TPagedList,
  type ZEntityProfileInput,
  type ZEntityProfileSearchQuery,
} from '@mip/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { searchPage } from '../../db/paged-search.ts';
import { entityProfileRoles, entityProfiles } from '../../db/schema/index.ts';
import { byFoldedText, matchesSearch } from '../../db/text-search.ts';
import { diffRecords, recordAudit, type TActor } from '../../http/audit.ts';
import { deleteFailed, fieldErrors, notFound, rethrowUniqueViolation } from '../../http/errors.ts';
import type { TAuthContext } from '../auth/session-store.ts';
import { noEntityOutOfScopeSql } from '../entities/entity-scope.ts';
import { type TEntityProfileRow, toEntityProfile, toEntityProfileRecord } from './entity-profiles.presenter.ts';

type TEntityProfileSearchQuery = z.infer<typeof ZEntityProfileSearchQuery>;
type TParsedEntityProfileInput = z.infer<typeof ZEntityProfileInput>;

const ENTITIES_COUNT = sql`(select count(*)::int from entities e where e.profile_id = p.id)`;
const PROFILE_COLUMNS = sql`p.id, p.name, p.description,
  coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.name collate pt_natural, r.id)
              from entity_profile_roles epr join roles r on r.id = epr.role_id
             where epr.profile_id = p.id), '[]'::json) as roles,
  ${ENTITIES_COUNT} as entities_count`;

export function searchEntityProfiles(
  db: TDatabase,
  query: TEntityProfileSearchQuery,
): Promise<TPagedList<TEntityProfile>> {
  return searchPage(
    db,
    {
      columns: PROFILE_COLUMNS,
      from: sql`from entity_profiles p`,
      where: [
        query.ids ? sql`p.id = any(${sql.param(query.ids)}::int[])` : undefined,
        matchesSearch(query.universalSearch, [byFoldedText(sql`p.name`)]),
      ],
      sortColumns: {
        name: { expression: sql`p.name collate pt_natural` },
        entitiesCount: { expression: ENTITIES_COUNT },
      },
      defaultSort: 'name',
      tiebreak: sql`p.id`,
    },
    query,
    toEntityProfile,
  );
}

export async function readEntityProfile(db: TExecutor, id: number): Promise<TEntityProfile> {
  const { rows } = await db.execute<TEntityProfileRow>(
    sql`select ${PROFILE_COLUMNS} from entity_profiles p where p.id = ${id}`,
  );
  if (!rows[0]) throw notFound();
  return toEntityProfile(rows[0]);
}

/**
 * The name must be free, the roles must exist, and a role cannot leave the
 * profile while users of its entities still hold it. Security-relevant:
 * a profile says which roles its entities' users may be given, so adding a
 * role to it, or taking one away, is granting it: like giving a user a role,
 * only a role whose every permission the caller holds (canGrant). Roles the
 * caller could not grant may stay on the profile as they are.
 */
async function checkProfileInput(
  db: TExecutor,
  auth: TAuthContext,
  input: TParsedEntityProfileInput,
  before: { id: number; roleIds: number[] } | null,
) {
  const errors: TFieldError[] = [];
  const roleIds = [...new Set(input.roleIds)];
  const removedRoleIds = before ? before.roleIds.filter((id) => !roleIds.includes(id)) : [];
  const changedRoleIds = [...roleIds.filter((id) => !before?.roleIds.includes(id)), ...removedRoleIds];
  // One after another: inside a transaction they share one connection.
  const duplicate = await db.execute(
    sql`select 1 from entity_profiles where lower(name) = lower(${input.name}) and id <> ${before?.id ?? 0} limit 1`,
  );
  const knownRoles = await db.execute<{ id: number; permissions: string[] }>(
    sql`select id, permissions from roles where id = any(${sql.param([...roleIds, ...removedRoleIds])}::int[])`,
  );
  const stillHeld = await db.execute(
    sql`select 1 from users u join entities e on e.id = u.entity_id
         where e.profile_id = ${before?.id ?? 0} and u.role_id = any(${sql.param(removedRoleIds)}::int[]) limit 1`,
  );
  const isUnknown = roleIds.some((id) => !knownRoles.rows.some((role) => role.id === id));
  const isUngrantable = knownRoles.rows.some(
    (role) => changedRoleIds.includes(role.id) && !canGrant(auth, role.permissions),
  );
  if (duplicate.rows.length > 0) errors.push({ property: 'name', error: 'DUPLICATE_NAME' });
  if (isUnknown || isUngrantable || stillHeld.rows.length > 0) {
    errors.push({ property: 'roleIds', error: 'INVALID_ROLE' });
  }
  if (errors.length > 0) throw fieldErrors(errors);
  return roleIds;
}

const DUPLICATE_NAME = { entity_profiles_name_unique: { property: 'name', error: 'DUPLICATE_NAME' } };

async function listRoleIds(db: TExecutor, profileId: number): Promise<number[]> {
  const rows = await db
    .select({ roleId: entityProfileRoles.roleId })
    .from(entityProfileRoles)
    .where(eq(entityProfileRoles.profileId, profileId));
  return rows.map((row) => row.roleId);
}

async function replaceRoles(db: TExecutor, profileId: number, roleIds: number[]) {
  await db.delete(entityProfileRoles).where(eq(entityProfileRoles.profileId, profileId));
  if (roleIds.length > 0) await db.insert(entityProfileRoles).values(roleIds.map((roleId) => ({ profileId, roleId })));
}

/**
 * Security-relevant. A profile is the type of every entity that has it, so
 * changing it changes them all: a caller limited by entitiesAccessList
 * changes or deletes only a profile that no entity outside their scope uses
 * (one that no entity uses included); any other answers 404. Reading is not
 * limited: profiles are reference data that every entity form names.
 */
async function lockProfileInScope(tx: TExecutor, auth: TAuthContext, id: number) {
  const inScope = noEntityOutOfScopeSql(auth, sql`e.profile_id = ${entityProfiles.id}`);
  const [row] = await tx
    .select()
    .from(entityProfiles)
    .where(and(eq(entityProfiles.id, id), inScope))
    .for('update');
  if (!row) throw notFound();
  return row;
}

export async function createEntityProfile(
  db: TDatabase,
  auth: TAuthContext,
  input: TParsedEntityProfileInput,
  actor: TActor,
): Promise<TEntityProfile> {
  return db
    .transaction(async (tx) => {
      const roleIds = await checkProfileInput(tx, auth, input, null);
      const [profile] = await tx
        .insert(entityProfiles)
        .values({ name: input.name, description: input.description })
        .returning();
      await replaceRoles(tx, profile.id, roleIds);
      await recordAudit(tx, actor, {
        action: 'CREATE',
        recordType: 'entity_profile',
        recordId: profile.id,
        after: toEntityProfileRecord(profile, roleIds),
      });
      return readEntityProfile(tx, profile.id);
    })
    .catch((error) => rethrowUniqueViolation(error, DUPLICATE_NAME));
}

export async function updateEntityProfile(
  db: TDatabase,
  auth: TAuthContext,
  id: number,
  input: TParsedEntityProfileInput,
  actor: TActor,
): Promise<TEntityProfile> {
  return db
    .transaction(async (tx) => {
      const before = await lockProfileInScope(tx, auth, id);
      const roleIdsBefore = await listRoleIds(tx, id);
      const roleIds = await checkProfileInput(tx, auth, input, { id, roleIds: roleIdsBefore });
      const [after] = await tx
        .update(entityProfiles)
        .set({ name: input.name, description: input.description, updatedAt: sql`now()` })
        .where(eq(entityProfiles.id, id))
        .returning();
      await replaceRoles(tx, id, roleIds);
      await recordAudit(tx, actor, {
        action: 'UPDATE',
        recordType: 'entity_profile',
        recordId: id,
        ...diffRecords(toEntityProfileRecord(before, roleIdsBefore), toEntityProfileRecord(after, roleIds)),
      });
      return readEntityProfile(tx, id);
    })
    .catch((error) => rethrowUniqueViolation(error, DUPLICATE_NAME));
}

export async function deleteEntityProfile(db: TDatabase, auth: TAuthContext, id: number, actor: TActor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockProfileInScope(tx, auth, id);
    const { rows } = await tx.execute<{ entities: number; applications: number }>(
      sql`select (select count(*)::int from entities where profile_id = ${id}) as entities,
                 (select count(*)::int from applications where profile_id = ${id}) as applications`,
    );
    const { entities, applications } = rows[0];
    if (entities > 0) {
      throw deleteFailed(`The profile "${before.name}" is still used by ${entities} entity(ies); change theirs first`, {
        reason: 'PROFILE_USED_BY_ENTITIES',
        name: before.name,
        count: entities,
      });
    }
    if (applications > 0) {
      throw deleteFailed(`The profile "${before.name}" is still used by ${applications} application(s)`, {
        reason: 'PROFILE_USED_BY_APPLICATIONS',
        name: before.name,
        count: applications,
      });
    }
    const roleIds = await listRoleIds(tx, id);
    await tx.delete(entityProfiles).where(eq(entityProfiles.id, id));
    await recordAudit(tx, actor, {
      action: 'DELETE',
      recordType: 'entity_profile',
      recordId: id,
      before: toEntityProfileRecord(before, roleIds),
    });
  });
}
