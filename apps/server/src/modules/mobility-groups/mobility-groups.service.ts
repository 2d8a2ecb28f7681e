import type {
  TMobilityGroup,
  TMobilityGroupNode,
  TPagedList,
  ZMobilityGroupInput,
  ZMobilityGroupSearchQuery,
} from '@mip/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { searchPage } from '../../db/paged-search.ts';
import { mobilitySystemGroups } from '../../db/schema/index.ts';
import { byFoldedColumn, matchesSearch } from '../../db/text-search.ts';
import { isValidParent } from '../../db/tree.ts';
import { diffRecords, recordAudit, type TActor } from '../../http/audit.ts';
import { deleteFailed, fieldErrors, notFound } from '../../http/errors.ts';
import { sanitizeSvg } from '../../lib/svg.ts';
import type { TAuthContext } from '../auth/session-store.ts';
import { andEntityInScopeSql, entityInScopeSql, isEntityInScope } from '../entities/entity-scope.ts';
import { isGroupInScope } from './group-scope.ts';
import {
  type TMobilityGroupFullRow,
  type TMobilityGroupRow,
  toGroupTree,
  toMobilityGroup,
  toMobilityGroupRecord,
} from './mobility-groups.presenter.ts';

type TGroupSearchQuery = z.infer<typeof ZMobilityGroupSearchQuery>;
type TGroupInput = z.infer<typeof ZMobilityGroupInput>;

const SYSTEMS_COUNT = sql`(select count(*)::int from mobility_systems s where s.group_id = g.id)`;
const GROUP_COLUMNS = sql`g.id, g.name, g.icon, g.color, g.type, g.layer_type, g.styles, g.tile_metadata_url,
  g.allow_overlap, g.allow_clustering, g.min_zoom_filtered, g.max_zoom_filtered, g.min_zoom_not_filtered,
  g.max_zoom_not_filtered, g.parent_id, ${SYSTEMS_COUNT} as systems_count`;
const FULL_COLUMNS = sql`${GROUP_COLUMNS}, g.created_at, g.updated_at, g.entity_id,
  (select json_build_object('id', e.id, 'name', e.name) from entities e where e.id = g.entity_id) as entity,
  (select json_build_object('id', p.id, 'name', p.name) from mobility_system_groups p where p.id = g.parent_id) as parent,
  coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name collate pt_natural, c.id)
              from mobility_system_groups c where c.parent_id = g.id), '[]'::json) as subgroups`;

/** The console's groups: those the caller may edit, or every entity's when `allEntities` asks for them. */
export function searchMobilityGroups(
  db: TDatabase,
  query: TGroupSearchQuery,
  auth: TAuthContext,
): Promise<TPagedList<TMobilityGroup>> {
  return searchPage(
    db,
    {
      columns: FULL_COLUMNS,
      from: sql`from mobility_system_groups g`,
      where: [
        query.allEntities ? undefined : entityInScopeSql(auth, sql`g.entity_id`),
        query.ids ? sql`g.id = any(${sql.param(query.ids)}::int[])` : undefined,
        query.type ? sql`g.type = ${query.type}` : undefined,
        query.layerType ? sql`g.layer_type = ${query.layerType}` : undefined,
        query.parentId ? sql`g.parent_id = ${query.parentId}` : undefined,
        query.onlyRootGroups ? sql`g.parent_id is null` : undefined,
        matchesSearch(query.universalSearch, [byFoldedColumn(sql`g.search_text`)]),
      ],
      sortColumns: {
        name: { expression: sql`g.name collate pt_natural` },
        type: { expression: sql`g.type` },
        layerType: { expression: sql`g.layer_type` },
        systemsCount: { expression: SYSTEMS_COUNT },
        createdAt: { expression: sql`g.created_at` },
      },
      defaultSort: 'name',
      tiebreak: sql`g.id`,
    },
    query,
    toMobilityGroup,
  );
}

/** A group for its edit screen: 404 outside the caller's scope, as for a missing one. */
export async function readMobilityGroup(db: TExecutor, id: number, auth: TAuthContext): Promise<TMobilityGroup> {
  const { rows } = await db.execute<TMobilityGroupFullRow>(
    sql`select ${FULL_COLUMNS} from mobility_system_groups g
         where g.id = ${id} ${andEntityInScopeSql(auth, sql`g.entity_id`)}`,
  );
  if (!rows[0]) throw notFound();
  return toMobilityGroup(rows[0]);
}

/** Every group nested under its parent, by name: the map's filter panel. */
export async function readMobilityGroupTree(db: TExecutor): Promise<TMobilityGroupNode[]> {
  const { rows } = await db.execute<TMobilityGroupRow>(
    sql`select ${GROUP_COLUMNS} from mobility_system_groups g order by g.name collate pt_natural, g.id`,
  );
  return toGroupTree(rows);
}

/** The group's icon, sanitised when it was saved. */
export async function readMobilityGroupIcon(db: TExecutor, id: number): Promise<string> {
  const [row] = await db
    .select({ icon: mobilitySystemGroups.icon })
    .from(mobilitySystemGroups)
    .where(eq(mobilitySystemGroups.id, id));
  if (!row?.icon) throw notFound();
  return row.icon;
}

/**
 * The icon must survive sanitising as an SVG image; the parent must exist,
 * lie in the caller's scope and not be the group itself or one of its
 * sub-groups; a chosen entity must lie in the caller's scope. Answers the
 * entity the group belongs to: the one chosen, else the group's own
 * (`current`), else its parent's, else the caller's.
 */
async function checkGroupInput(
  db: TExecutor,
  input: TGroupInput,
  auth: TAuthContext,
  current: { id: number; entityId: number } | null,
) {
  const errors: { property: string; error: string }[] = [];
  const icon = input.icon === null ? null : sanitizeSvg(input.icon);
  if (input.icon !== null && icon === null) errors.push({ property: 'icon', error: 'INVALID_ICON' });
  if (
    input.parentId !== null &&
    !(
      (await isGroupInScope(db, auth, input.parentId)) &&
      (await isValidParent(db, 'mobility_system_groups', input.parentId, current?.id ?? null))
    )
  ) {
    errors.push({ property: 'parentId', error: 'INVALID_PARENT' });
  }
  if (input.entityId !== null && !(await isEntityInScope(db, auth, input.entityId))) {
    errors.push({ property: 'entityId', error: 'INVALID_ENTITY' });
  }
  if (errors.length > 0) throw fieldErrors(errors);
  const entityId =
    input.entityId ??
    current?.entityId ??
    (input.parentId === null ? null : await groupEntityId(db, input.parentId)) ??
    auth.user.entityId;
  return { icon, entityId };
}

async function groupEntityId(db: TExecutor, id: number): Promise<number | null> {
  const [row] = await db
    .select({ entityId: mobilitySystemGroups.entityId })
    .from(mobilitySystemGroups)
    .where(eq(mobilitySystemGroups.id, id));
  return row?.entityId ?? null;
}

/** Locks a group the caller may edit; 404 for one outside their scope, as for a missing one. */
async function lockGroupInScope(tx: TExecutor, auth: TAuthContext, id: number) {
  const [group] = await tx
    .select()
    .from(mobilitySystemGroups)
    .where(and(eq(mobilitySystemGroups.id, id), entityInScopeSql(auth, sql`${mobilitySystemGroups.entityId}`)))
    .for('update');
  if (!group) throw notFound();
  return group;
}

function toColumns(input: TGroupInput, checked: { icon: string | null; entityId: number }) {
  return {
    name: input.name,
    icon: checked.icon,
    color: input.color,
    type: input.type,
    layerType: input.layerType,
    styles: input.styles,
    tileMetadataUrl: input.tileMetadataUrl,
    allowOverlap: input.allowOverlap,
    allowClustering: input.allowClustering,
    minZoomFiltered: input.minZoomFiltered,
    maxZoomFiltered: input.maxZoomFiltered,
    minZoomNotFiltered: input.minZoomNotFiltered,
    maxZoomNotFiltered: input.maxZoomNotFiltered,
    parentId: input.parentId,
    entityId: checked.entityId,
  };
}

export async function createMobilityGroup(
  db: TDatabase,
  input: TGroupInput,
  auth: TAuthContext,
  actor: TActor,
): Promise<TMobilityGroup> {
  return db.transaction(async (tx) => {
    const checked = await checkGroupInput(tx, input, auth, null);
    const [group] = await tx.insert(mobilitySystemGroups).values(toColumns(input, checked)).returning();
    await recordAudit(tx, actor, {
      action: 'CREATE',
      recordType: 'mobility_group',
      recordId: group.id,
      after: toMobilityGroupRecord(group),
    });
    return readMobilityGroup(tx, group.id, auth);
  });
}

export async function updateMobilityGroup(
  db: TDatabase,
  id: number,
  input: TGroupInput,
  auth: TAuthContext,
  actor: TActor,
): Promise<TMobilityGroup> {
  return db.transaction(async (tx) => {
    const before = await lockGroupInScope(tx, auth, id);
    const checked = await checkGroupInput(tx, input, auth, before);
    const [after] = await tx
      .update(mobilitySystemGroups)
      .set({ ...toColumns(input, checked), updatedAt: sql`now()` })
      .where(eq(mobilitySystemGroups.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'UPDATE',
      recordType: 'mobility_group',
      recordId: id,
      ...diffRecords(toMobilityGroupRecord(before), toMobilityGroupRecord(after)),
    });
    return readMobilityGroup(tx, id, auth);
  });
}

/** The PostgreSQL error code behind a failed query (drizzle wraps it). */
const postgresCodeOf = (error: unknown) =>
  (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;

/** A group with sub-groups, systems or anything else pointing at it stays: deleting it would orphan them. */
export async function deleteMobilityGroup(db: TDatabase, id: number, auth: TAuthContext, actor: TActor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockGroupInScope(tx, auth, id);
    const { rows } = await tx.execute<{ subgroups: number; systems: number }>(
      sql`select (select count(*)::int from mobility_system_groups where parent_id = ${id}) as subgroups,
                 (select count(*)::int from mobility_systems where group_id = ${id}) as systems`,
    );
    const { subgroups, systems } = rows[0];
    const name = before.name;
    if (subgroups > 0) {
      throw deleteFailed(`The group "${name}" has ${subgroups} sub-group(s); move or delete them first`, {
        reason: 'GROUP_HAS_SUBGROUPS',
        name,
        count: subgroups,
      });
    }
    if (systems > 0) {
      throw deleteFailed(`The group "${name}" has ${systems} system(s); move or delete them first`, {
        reason: 'GROUP_HAS_SYSTEMS',
        name,
        count: systems,
      });
    }
    // In a savepoint: another domain's rows (an imported feed) may still point at the group.
    await tx
      .transaction((savepoint) => savepoint.delete(mobilitySystemGroups).where(eq(mobilitySystemGroups.id, id)))
      .catch((error) => {
        if (postgresCodeOf(error) !== '23503') throw error;
        throw deleteFailed(`The group "${name}" is still used by other records (an imported feed)`, {
          reason: 'GROUP_IN_USE',
          name,
        });
      });
    await recordAudit(tx, actor, {
      action: 'DELETE',
      recordType: 'mobility_group',
      recordId: id,
      before: toMobilityGroupRecord(before),
    });
  });
}
