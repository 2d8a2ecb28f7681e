import {
  can,
  type TEntity,
  type TEntitySearchItem,
  type TEntitySearchQuery,
  type TFieldError,
  type TPagedList,
  type ZEntityInput,
} from '@mip/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { searchPage } from '../../db/paged-search.ts';
import { entities } from '../../db/schema/index.ts';
import { byFoldedColumn, matchesSearch } from '../../db/text-search.ts';
import { diffRecords, recordAudit, type TActor } from '../../http/audit.ts';
import { deleteFailed, fieldErrors, notFound, rethrowUniqueViolation } from '../../http/errors.ts';
import type { TAuthContext } from '../auth/session-store.ts';
import { type TEntityRow, toEntity, toEntityRecord, toEntitySearchItem } from './entities.presenter.ts';
import {
  ancestorIdsSql,
  andEntityInScopeSql,
  entityInScopeSql,
  isEntityInScope,
  isUnrestricted,
  subtreeIdsSql,
} from './entity-scope.ts';

type TParsedEntityInput = z.infer<typeof ZEntityInput>;

/** The columns of a search item; a parent outside the caller's scope is left out, name and all. */
function searchItemColumns(auth: TAuthContext): SQL {
  const isParentVisible = entityInScopeSql(auth, sql`parent.id`) ?? sql`true`;
  return sql`e.id, e.name, e.vat_number, e.active, p.id as profile_id, p.name as profile_name,
    case when ${isParentVisible} then parent.id end as parent_id,
    case when ${isParentVisible} then parent.name end as parent_name,
    (select count(*)::int from entities c where c.parent_id = e.id) as children_count`;
}

const FROM_WITH_REFS = sql`from entities e
  left join entity_profiles p on p.id = e.profile_id
  left join entities parent on parent.id = e.parent_id`;

/**
 * `ids`, and with includeSiblingsAndParents also their ancestors and the
 * entities beside them (same parent), so a picker can draw the tree around a choice.
 */
function idsCondition(ids: number[], withSiblingsAndParents: boolean): SQL {
  const listed = sql`e.id = any(${sql.param(ids)}::int[])`;
  if (!withSiblingsAndParents) return listed;
  const parentsOfListed = sql`(select parent_id from entities where id = any(${sql.param(ids)}::int[]))`;
  return sql`(${listed}
    or e.id in ${ancestorIdsSql(ids)}
    or e.parent_id in ${parentsOfListed}
    or (e.parent_id is null and exists (select 1 from entities where id = any(${sql.param(ids)}::int[])
                                                                 and parent_id is null)))`;
}

/** The tops of what the caller sees: root entities, or for a limited caller those whose parent they cannot see. */
function rootCondition(auth: TAuthContext): SQL {
  const isParentVisible = entityInScopeSql(auth, sql`e.parent_id`);
  return isParentVisible ? sql`(e.parent_id is null or not ${isParentVisible})` : sql`e.parent_id is null`;
}

export function searchEntities(
  db: TDatabase,
  auth: TAuthContext,
  query: TEntitySearchQuery,
): Promise<TPagedList<TEntitySearchItem>> {
  return searchPage(
    db,
    {
      columns: searchItemColumns(auth),
      from: FROM_WITH_REFS,
      countFrom: sql`from entities e`,
      where: [
        entityInScopeSql(auth, sql`e.id`),
        query.ids ? idsCondition(query.ids, query.includeSiblingsAndParents === true) : undefined,
        query.profileIds ? sql`e.profile_id = any(${sql.param(query.profileIds)}::int[])` : undefined,
        query.onlyRootEntities ? rootCondition(auth) : undefined,
        query.parentId ? sql`e.parent_id = ${query.parentId}` : undefined,
        query.active === undefined ? undefined : sql`e.active = ${query.active}`,
        // Name, NIF and email, folded when written.
        matchesSearch(query.universalSearch, [byFoldedColumn(sql`e.search_text`)]),
      ],
      sortColumns: {
        name: { expression: sql`e.name collate pt_natural` },
        vatNumber: { expression: sql`e.vat_number`, isNullable: true },
        profileName: { expression: sql`p.name collate pt_natural`, isNullable: true },
        parentName: { expression: sql`parent.name collate pt_natural`, isNullable: true },
        createdAt: { expression: sql`e.created_at` },
      },
      defaultSort: 'name',
      tiebreak: sql`e.id`,
      sortFirstUpTo: 20_000,
    },
    query,
    toEntitySearchItem,
  );
}

async function findEntity(db: TExecutor, auth: TAuthContext, id: number): Promise<TEntityRow | null> {
  const { rows } = await db.execute<TEntityRow>(
    sql`select ${searchItemColumns(auth)}, e.email, e.phone, e.address, e.postal_code, e.district_id, e.county_id,
               e.parish_id, e.created_at, e.updated_at,
               (select count(*)::int from users u where u.entity_id = e.id) as users_count
          ${FROM_WITH_REFS}
         where e.id = ${id} ${andEntityInScopeSql(auth, sql`e.id`)}`,
  );
  return rows[0] ?? null;
}

/**
 * One entity in the caller's scope. Without READ_ENTITY only the caller's own
 * entity (READ_OWN_ENTITY); anything else answers 404 like a missing one.
 */
export async function readEntity(db: TExecutor, auth: TAuthContext, id: number): Promise<TEntity> {
  if (id !== auth.user.entityId && !can(auth, { all: ['READ_ENTITY'] })) throw notFound();
  const row = await findEntity(db, auth, id);
  if (!row) throw notFound();
  return toEntity(row);
}

type TPlaceCheck = {
  has_district: boolean;
  county_district: string | null;
  parish_county: string | null;
};

/** District, county and parish exist in the reference data and nest inside each other. */
async function checkPlaces(db: TExecutor, input: TParsedEntityInput): Promise<TFieldError[]> {
  if (!input.districtId && !input.countyId && !input.parishId) return [];
  const { rows } = await db.execute<TPlaceCheck>(
    sql`select exists (select 1 from districts where id = ${input.districtId}) as has_district,
               (select district_id from counties where id = ${input.countyId}) as county_district,
               (select county_id from parishes where id = ${input.parishId}) as parish_county`,
  );
  const place = rows[0];
  const errors: TFieldError[] = [];
  if (input.districtId && !place.has_district) errors.push({ property: 'districtId', error: 'INVALID_DISTRICT' });
  if (input.countyId && place.county_district !== input.districtId) {
    errors.push({ property: 'countyId', error: 'INVALID_COUNTY' });
  }
  if (input.parishId && place.parish_county !== input.countyId) {
    errors.push({ property: 'parishId', error: 'INVALID_PARISH' });
  }
  return errors;
}

type TStoredEntity = typeof entities.$inferSelect;

/**
 * The parent the entity ends up with. A limited caller does not see the
 * parent of their own top entity (it answers null), so a null from them keeps
 * a parent they cannot see; they can never make an entity a root, which would
 * take it out of their own scope.
 */
async function resolveParent(
  db: TExecutor,
  auth: TAuthContext,
  input: TParsedEntityInput,
  before: TStoredEntity | null,
): Promise<{ parentId: number | null; error: TFieldError | null }> {
  const invalid = { property: 'parentId', error: 'INVALID_PARENT' };
  const storedParentId = before?.parentId ?? null;
  if (input.parentId === null) {
    if (isUnrestricted(auth) || (before && storedParentId === null)) return { parentId: null, error: null };
    const isHidden = storedParentId !== null && !(await isEntityInScope(db, auth, storedParentId));
    return isHidden ? { parentId: storedParentId, error: null } : { parentId: null, error: invalid };
  }
  if (input.parentId !== storedParentId && !(await isEntityInScope(db, auth, input.parentId))) {
    return { parentId: input.parentId, error: invalid };
  }
  if (before) {
    // An entity cannot move under itself or one of its own sub-entities.
    const { rows } = await db.execute(sql`select 1 where ${input.parentId} in ${subtreeIdsSql([before.id])}`);
    if (rows.length > 0) return { parentId: input.parentId, error: invalid };
  }
  return { parentId: input.parentId, error: null };
}

/** Every database check of an entity form at once; answers the values to store. */
async function checkEntityInput(
  db: TExecutor,
  auth: TAuthContext,
  input: TParsedEntityInput,
  before: TStoredEntity | null,
) {
  const vatNumber = input.vatNumber ? input.vatNumber.replace(/\s/g, '') : null;
  // One after another: inside a transaction they share one connection.
  const parent = await resolveParent(db, auth, input, before);
  const places = await checkPlaces(db, input);
  const profile = await db.execute(sql`select 1 from entity_profiles where id = ${input.profileId}`);
  const duplicateVat = vatNumber
    ? await db.execute(sql`select 1 from entities where vat_number = ${vatNumber} and id <> ${before?.id ?? 0}`)
    : { rows: [] };
  // Changing the profile must not leave the entity's users with roles the new profile does not allow.
  const rolesOutsideProfile =
    before && before.profileId !== input.profileId
      ? await db.execute(
          sql`select 1 from users u where u.entity_id = ${before.id}
               and not exists (select 1 from entity_profile_roles epr
                                where epr.profile_id = ${input.profileId} and epr.role_id = u.role_id) limit 1`,
        )
      : { rows: [] };
  const errors: TFieldError[] = [...places];
  if (parent.error) errors.push(parent.error);
  if (profile.rows.length === 0 || rolesOutsideProfile.rows.length > 0) {
    errors.push({ property: 'profileId', error: 'INVALID_PROFILE' });
  }
  if (duplicateVat.rows.length > 0) errors.push({ property: 'vatNumber', error: 'DUPLICATE_VAT_NUMBER' });
  if (errors.length > 0) throw fieldErrors(errors);
  return {
    name: input.name,
    vatNumber,
    profileId: input.profileId,
    parentId: parent.parentId,
    email: input.email?.toLowerCase() ?? null,
    phone: input.phone,
    address: input.address,
    postalCode: input.postalCode,
    districtId: input.districtId,
    countyId: input.countyId,
    parishId: input.parishId,
    active: input.active,
  };
}

const DUPLICATE_VAT = { entities_vat_number_idx: { property: 'vatNumber', error: 'DUPLICATE_VAT_NUMBER' } };

export async function createEntity(
  db: TDatabase,
  auth: TAuthContext,
  input: TParsedEntityInput,
  actor: TActor,
): Promise<TEntity> {
  return db
    .transaction(async (tx) => {
      const values = await checkEntityInput(tx, auth, input, null);
      const [entity] = await tx.insert(entities).values(values).returning();
      await recordAudit(tx, actor, {
        action: 'CREATE',
        recordType: 'entity',
        recordId: entity.id,
        after: toEntityRecord(entity),
      });
      return toEntity((await findEntity(tx, auth, entity.id))!);
    })
    .catch((error) => rethrowUniqueViolation(error, DUPLICATE_VAT));
}

async function lockEntityInScope(db: TExecutor, auth: TAuthContext, id: number): Promise<TStoredEntity> {
  if (!(await isEntityInScope(db, auth, id))) throw notFound();
  const [entity] = await db.select().from(entities).where(eq(entities.id, id)).for('update');
  if (!entity) throw notFound();
  return entity;
}

export async function updateEntity(
  db: TDatabase,
  auth: TAuthContext,
  id: number,
  input: TParsedEntityInput,
  actor: TActor,
): Promise<TEntity> {
  return db
    .transaction(async (tx) => {
      const before = await lockEntityInScope(tx, auth, id);
      const values = await checkEntityInput(tx, auth, input, before);
      const [after] = await tx
        .update(entities)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(entities.id, id))
        .returning();
      await recordAudit(tx, actor, {
        action: 'UPDATE',
        recordType: 'entity',
        recordId: id,
        ...diffRecords(toEntityRecord(before), toEntityRecord(after)),
      });
      return toEntity((await findEntity(tx, auth, id))!);
    })
    .catch((error) => rethrowUniqueViolation(error, DUPLICATE_VAT));
}

export async function deleteEntity(db: TDatabase, auth: TAuthContext, id: number, actor: TActor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockEntityInScope(tx, auth, id);
    const { rows } = await tx.execute<{
      children: number;
      users: number;
      listed_by: number;
      events: number;
      mobility_groups: number;
    }>(
      sql`select (select count(*)::int from entities where parent_id = ${id}) as children,
                 (select count(*)::int from mobility_system_groups where entity_id = ${id}) as mobility_groups,
                 (select count(*)::int from users where entity_id = ${id}) as users,
                 (select count(*)::int from users where ${id} = any(entities_access_list)) as listed_by,
                 -- Events it answers for, raised, or appears in the history of (transfers, replies).
                 (select count(*)::int from events ev
                   where ev.entity_id = ${id} or ev.origin_entity_id = ${id}
                      or exists (select 1 from event_timeline t
                                  where t.event_id = ev.id and (t.from_entity_id = ${id} or t.to_entity_id = ${id}))
                      or exists (select 1 from event_comments m where m.event_id = ev.id and m.entity_id = ${id}))
                   as events`,
    );
    const { children, users, listed_by, events, mobility_groups } = rows[0];
    if (children > 0) {
      throw deleteFailed(`"${before.name}" still has ${children} sub-entity(ies); move or delete them first`, {
        reason: 'ENTITY_HAS_CHILDREN',
        name: before.name,
        count: children,
      });
    }
    if (users > 0) {
      throw deleteFailed(`"${before.name}" still has ${users} user(s); move or delete them first`, {
        reason: 'ENTITY_HAS_USERS',
        name: before.name,
        count: users,
      });
    }
    // Dropping it from an access list would leave a list that limits nothing, or less than was meant.
    if (listed_by > 0) {
      throw deleteFailed(`"${before.name}" is in the access list of ${listed_by} user(s); take it out first`, {
        reason: 'ENTITY_IN_ACCESS_LISTS',
        name: before.name,
        count: listed_by,
      });
    }
    // Its events would be left without anyone responsible, or their history without a name.
    if (events > 0) {
      throw deleteFailed(`"${before.name}" has ${events} event(s) that name it; transfer them first`, {
        reason: 'ENTITY_HAS_EVENTS',
        name: before.name,
        count: events,
      });
    }
    // Its networks would be left without an owner who may edit them.
    if (mobility_groups > 0) {
      throw deleteFailed(
        `"${before.name}" owns ${mobility_groups} mobility group(s); hand them to another entity first`,
        {
          reason: 'ENTITY_HAS_MOBILITY_GROUPS',
          name: before.name,
          count: mobility_groups,
        },
      );
    }
    await tx.delete(entities).where(eq(entities.id, id));
    await recordAudit(tx, actor, {
      action: 'DELETE',
      recordType: 'entity',
      recordId: id,
      before: toEntityRecord(before),
    });
  });
}
