import {
  anchorOf,
  boundingBoxOf,
  PUBLIC_SYSTEM_SEARCH_LIMIT,
  type TFieldError,
  type TMobilitySystem,
  type TMobilitySystemListItem,
  type TPagedList,
  type TPublicSystemResult,
  type ZMobilitySystemInput,
  type ZMobilitySystemSearchQuery,
  type ZPublicSystemSearch,
} from '@mip/shared';
import { and, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { searchPage } from '../../db/paged-search.ts';
import { mobilitySystemParameters, mobilitySystemRelations, mobilitySystems } from '../../db/schema/index.ts';
import { byFoldedColumn, matchesSearch } from '../../db/text-search.ts';
import { isValidParent } from '../../db/tree.ts';
import { diffRecords, recordAudit, type TActor } from '../../http/audit.ts';
import { fieldErrors, notFound } from '../../http/errors.ts';
import type { TAuthContext } from '../auth/session-store.ts';
import { dashboardViewerOf, dashboardVisibleSql } from '../dashboards/dashboard-visibility.ts';
import { deleteDocumentsOf, listDocumentsOf } from '../documents/documents.service.ts';
import { andEntityInScopeSql, type TScopeSubject } from '../entities/entity-scope.ts';
import { listActiveEventsOfSystem } from '../events/public-events.service.ts';
import { areSystemsInScope, groupInScopeSql, isGroupInScope } from '../mobility-groups/group-scope.ts';
import {
  type TMobilitySystemListRow,
  type TMobilitySystemRow,
  type TPublicSystemRow,
  toMobilitySystem,
  toMobilitySystemListItem,
  toPublicSystemResult,
} from './mobility-systems.presenter.ts';

type TSystemSearchQuery = z.infer<typeof ZMobilitySystemSearchQuery>;
type TSystemInput = z.infer<typeof ZMobilitySystemInput>;
type TPublicSearch = z.infer<typeof ZPublicSystemSearch>;

const SYSTEM_COLUMNS = sql`s.id, s.name, s.description, s.system_type, s.group_id, s.related_info, s.service_days,
  s.geometry, s.latitude, s.longitude, s.min_latitude, s.max_latitude, s.min_longitude, s.max_longitude,
  s.color, s.properties, s.active, s.external_ref, s.dashboard_id, s.created_at, s.updated_at,
  json_build_object('id', g.id, 'name', g.name, 'icon', g.icon, 'color', g.color, 'type', g.type) as parent,
  (select json_build_object('id', p.id, 'name', p.name) from mobility_systems p where p.id = s.parent_id) as parent_system,
  coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name, 'systemType', r.system_type)
                            order by r.name collate pt_natural, r.id)
              from mobility_system_relations rel join mobility_systems r on r.id = rel.related_system_id
             where rel.system_id = s.id), '[]'::json) as related_systems,
  coalesce((select json_agg(json_build_object('id', p.id, 'templateId', p.template_id, 'name', p.name,
                                              'type', p.type, 'value', p.value,
                                              'options', coalesce(p.options, '[]'::jsonb), 'readerId', p.reader_id)
                            order by p.position, p.id)
              from mobility_system_parameters p where p.system_id = s.id), '[]'::json) as parameters`;

/** The groups given and every group below them. */
export const groupsWithin = (groupIds: number[]) => sql`(
  with recursive within(id) as (
    select id from mobility_system_groups where id = any(${sql.param(groupIds)}::int[])
    union
    select g.id from mobility_system_groups g join within w on g.parent_id = w.id
  ) select id from within)`;

/** The console's systems: those of groups the caller may edit, or every entity's when `allEntities` asks. */
export function searchMobilitySystems(
  db: TDatabase,
  query: TSystemSearchQuery,
  auth: TAuthContext,
): Promise<TPagedList<TMobilitySystemListItem>> {
  return searchPage<TMobilitySystemListRow, TMobilitySystemListItem>(
    db,
    {
      columns: sql`s.id, s.name, s.system_type, s.group_id, g.name as group_name, s.color, s.active, s.external_ref,
        s.updated_at,
        (select json_build_object('id', p.id, 'name', p.name) from mobility_systems p where p.id = s.parent_id)
          as parent_system`,
      from: sql`from mobility_systems s join mobility_system_groups g on g.id = s.group_id`,
      countFrom: sql`from mobility_systems s`,
      where: [
        query.allEntities ? undefined : groupInScopeSql(auth, sql`s.group_id`),
        query.ids ? sql`s.id = any(${sql.param(query.ids)}::int[])` : undefined,
        query.parentId ? sql`s.group_id in ${groupsWithin(query.parentId)}` : undefined,
        query.systemType ? sql`s.system_type = ${query.systemType}` : undefined,
        query.active === undefined ? undefined : sql`s.active = ${query.active}`,
        query.excludeId ? sql`s.id <> ${query.excludeId}` : undefined,
        matchesSearch(query.universalSearch, [byFoldedColumn(sql`s.search_text`)]),
      ],
      sortColumns: {
        name: { expression: sql`s.name collate pt_natural` },
        systemType: { expression: sql`s.system_type` },
        parentName: { expression: sql`g.name collate pt_natural` },
        updatedAt: { expression: sql`s.updated_at` },
      },
      defaultSort: 'name',
      tiebreak: sql`s.id`,
      // A feed's thousands of stops: a search picks a few, then sorts them.
      sortFirstUpTo: 2000,
    },
    query,
    toMobilitySystemListItem,
  );
}

/** A system's row; with `scope`, only one whose group that caller may edit. */
async function readSystemRow(db: TExecutor, id: number, options: { onlyActive?: boolean; scope?: TScopeSubject } = {}) {
  const { rows } = await db.execute<TMobilitySystemRow>(
    sql`select ${SYSTEM_COLUMNS} from mobility_systems s join mobility_system_groups g on g.id = s.group_id
         where s.id = ${id} ${options.onlyActive ? sql`and s.active` : sql``}
               ${options.scope ? andEntityInScopeSql(options.scope, sql`g.entity_id`) : sql``}`,
  );
  return rows[0] ?? null;
}

/**
 * The whole system for the console's edit screen, with the live events the
 * viewer may see on it; 404 when the viewer may not edit it (its group's
 * entity is outside their scope), as for a missing one.
 */
export async function readMobilitySystem(
  db: TExecutor,
  id: number,
  viewer: TAuthContext | null = null,
): Promise<TMobilitySystem> {
  const row = await readSystemRow(db, id, { scope: viewer ?? undefined });
  if (!row) throw notFound();
  return toMobilitySystem(
    row,
    await listDocumentsOf(db, 'MOBILITY_SYSTEM', id),
    await listActiveEventsOfSystem(db, id, viewer),
  );
}

/** The system's dashboard, if the viewer may open it (a visitor: a public, active one). */
async function visibleDashboardId(db: TExecutor, dashboardId: number | null, viewer: TAuthContext | null) {
  if (dashboardId === null) return null;
  const { rows } = await db.execute(
    sql`select 1 from dashboards d where d.id = ${dashboardId} and ${dashboardVisibleSql(dashboardViewerOf(viewer))}`,
  );
  return rows.length > 0 ? dashboardId : null;
}

/** GET /mobility-system/{id}/details: the map's system card; an inactive system is not shown to the public. */
export async function readPublicSystemDetails(
  db: TExecutor,
  id: number,
  viewer: TAuthContext | null = null,
): Promise<TMobilitySystem> {
  const row = await readSystemRow(db, id, { onlyActive: true });
  if (!row) throw notFound();
  const attached = (await listDocumentsOf(db, 'MOBILITY_SYSTEM', id)).filter((document) => document.isPublic);
  const system = toMobilitySystem(row, attached, await listActiveEventsOfSystem(db, id, null));
  return { ...system, dashboardId: await visibleDashboardId(db, row.dashboard_id, viewer) };
}

/** POST /mobility-system/public: the map's search box, within the groups picked in the filter. */
export async function searchPublicSystems(db: TExecutor, search: TPublicSearch): Promise<TPublicSystemResult[]> {
  const conditions = [
    sql`s.active`,
    search.parentId.length > 0 ? sql`s.group_id in ${groupsWithin(search.parentId)}` : undefined,
    search.onlyLayerSearch ? sql`g.layer_type <> 'NO_LAYERS'` : undefined,
    matchesSearch(search.universalSearch, [byFoldedColumn(sql`s.search_text`)]),
  ].filter((condition) => condition !== undefined);
  const { rows } = await db.execute<TPublicSystemRow>(
    sql`select s.id, s.name, s.system_type, s.group_id, g.name as group_name, s.color, s.latitude, s.longitude,
               s.min_latitude, s.max_latitude, s.min_longitude, s.max_longitude
          from mobility_systems s join mobility_system_groups g on g.id = s.group_id
         where ${sql.join(conditions, sql` and `)}
         order by s.name collate pt_natural, s.id
         limit ${PUBLIC_SYSTEM_SEARCH_LIMIT}`,
  );
  return rows.map(toPublicSystemResult);
}

/**
 * The group must exist and lie in the caller's scope; the parent system and
 * the related systems must exist, without loops or the system itself, and
 * those newly chosen must lie in the scope too (a relation shows on both
 * cards). What the system already had stays, whoever set it.
 */
async function checkSystemInput(
  db: TExecutor,
  input: TSystemInput,
  auth: TAuthContext,
  current: TMobilitySystem | null,
) {
  const errors: TFieldError[] = [];
  const id = current?.id ?? null;
  if (!(await isGroupInScope(db, auth, input.parentId))) {
    errors.push({ property: 'parentId', error: 'INVALID_PARENT_ID' });
  }
  const isParentKept = input.parentSystemId === (current?.parentSystem?.id ?? null);
  if (
    input.parentSystemId !== null &&
    !(
      (isParentKept || (await areSystemsInScope(db, auth, [input.parentSystemId]))) &&
      (await isValidParent(db, 'mobility_systems', input.parentSystemId, id))
    )
  ) {
    errors.push({ property: 'parentSystemId', error: 'INVALID_PARENT_SYSTEM' });
  }
  if (input.dashboardId !== null) {
    const dashboard = await db.execute(sql`select 1 from dashboards where id = ${input.dashboardId}`);
    if (dashboard.rows.length === 0) errors.push({ property: 'dashboardId', error: 'INVALID_DASHBOARD' });
  }
  if (input.relatedSystemIds.length > 0) {
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from mobility_systems where id = any(${sql.param(input.relatedSystemIds)}::int[])`,
    );
    const related = new Set(current?.relatedSystems.map((system) => system.id));
    const added = input.relatedSystemIds.filter((relatedId) => !related.has(relatedId));
    if (
      rows[0].n !== input.relatedSystemIds.length ||
      (id !== null && input.relatedSystemIds.includes(id)) ||
      !(await areSystemsInScope(db, auth, added))
    ) {
      errors.push({ property: 'relatedSystemIds', error: 'INVALID_RELATED_SYSTEM' });
    }
  }
  if (errors.length > 0) throw fieldErrors(errors);
}

function toColumns(input: TSystemInput) {
  const box = boundingBoxOf(input.geometry);
  const anchor = anchorOf(input.geometry);
  return {
    name: input.name,
    description: input.description,
    systemType: input.systemType,
    groupId: input.parentId,
    parentId: input.parentSystemId,
    color: input.color,
    geometry: input.geometry,
    latitude: anchor.latitude,
    longitude: anchor.longitude,
    minLatitude: box.minLatitude,
    maxLatitude: box.maxLatitude,
    minLongitude: box.minLongitude,
    maxLongitude: box.maxLongitude,
    serviceDays: input.serviceDays,
    properties: input.properties,
    relatedInfo: input.relatedInfo,
    active: input.active,
    dashboardId: input.dashboardId,
  };
}

/** Relations are kept both ways, so either system lists the other. */
async function replaceRelations(db: TExecutor, id: number, relatedIds: number[]) {
  await db
    .delete(mobilitySystemRelations)
    .where(or(eq(mobilitySystemRelations.systemId, id), eq(mobilitySystemRelations.relatedSystemId, id)));
  if (relatedIds.length === 0) return;
  await db
    .insert(mobilitySystemRelations)
    .values(
      relatedIds.flatMap((relatedId) => [
        { systemId: id, relatedSystemId: relatedId },
        { systemId: relatedId, relatedSystemId: id },
      ]),
    )
    .onConflictDoNothing();
}

async function replaceParameters(db: TExecutor, id: number, parameters: TSystemInput['parameters']) {
  await db.delete(mobilitySystemParameters).where(eq(mobilitySystemParameters.systemId, id));
  if (parameters.length === 0) return;
  await db.insert(mobilitySystemParameters).values(
    parameters.map((parameter, position) => ({
      systemId: id,
      position,
      templateId: parameter.templateId,
      name: parameter.name,
      type: parameter.type,
      value: parameter.value,
      options: parameter.options,
      readerId: parameter.readerId,
    })),
  );
}

/** What the audit log keeps of a system. */
function toSystemRecord(system: TMobilitySystem) {
  return {
    name: system.name,
    description: system.description,
    systemType: system.systemType,
    groupId: system.parentId,
    parentSystemId: system.parentSystem?.id ?? null,
    color: system.color,
    geometry: system.geometry,
    serviceDays: system.serviceDays,
    properties: system.properties,
    relatedInfo: system.relatedInfo,
    relatedSystemIds: system.relatedSystems.map((related) => related.id).sort((a, b) => a - b),
    parameters: system.parameters.map(({ id: _id, ...parameter }) => parameter),
    active: system.active,
  };
}

export async function createMobilitySystem(
  db: TDatabase,
  input: TSystemInput,
  actor: TActor,
  viewer: TAuthContext,
): Promise<TMobilitySystem> {
  return db.transaction(async (tx) => {
    await checkSystemInput(tx, input, viewer, null);
    const [row] = await tx.insert(mobilitySystems).values(toColumns(input)).returning({ id: mobilitySystems.id });
    await replaceRelations(tx, row.id, input.relatedSystemIds);
    await replaceParameters(tx, row.id, input.parameters);
    const system = await readMobilitySystem(tx, row.id, viewer);
    await recordAudit(tx, actor, {
      action: 'CREATE',
      recordType: 'mobility_system',
      recordId: row.id,
      after: toSystemRecord(system),
    });
    return system;
  });
}

/** Locks a system the caller may edit; 404 for one outside their scope, as for a missing one. */
async function lockSystem(tx: TExecutor, id: number, auth: TAuthContext) {
  const [row] = await tx
    .select({ id: mobilitySystems.id })
    .from(mobilitySystems)
    .where(and(eq(mobilitySystems.id, id), groupInScopeSql(auth, sql`${mobilitySystems.groupId}`)))
    .for('update');
  if (!row) throw notFound();
}

export async function updateMobilitySystem(
  db: TDatabase,
  id: number,
  input: TSystemInput,
  actor: TActor,
  viewer: TAuthContext,
): Promise<TMobilitySystem> {
  return db.transaction(async (tx) => {
    await lockSystem(tx, id, viewer);
    const before = await readMobilitySystem(tx, id);
    await checkSystemInput(tx, input, viewer, before);
    await tx
      .update(mobilitySystems)
      .set({ ...toColumns(input), updatedAt: sql`now()` })
      .where(eq(mobilitySystems.id, id));
    await replaceRelations(tx, id, input.relatedSystemIds);
    await replaceParameters(tx, id, input.parameters);
    const after = await readMobilitySystem(tx, id, viewer);
    await recordAudit(tx, actor, {
      action: 'UPDATE',
      recordType: 'mobility_system',
      recordId: id,
      ...diffRecords(toSystemRecord(before), toSystemRecord(after)),
    });
    return after;
  });
}

/** The system goes with its parameters, relations and documents; systems below it lose their parent. */
export async function deleteMobilitySystem(
  db: TDatabase,
  id: number,
  auth: TAuthContext,
  actor: TActor,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSystem(tx, id, auth);
    const before = await readMobilitySystem(tx, id);
    await deleteDocumentsOf(tx, 'MOBILITY_SYSTEM', id, actor);
    await tx.delete(mobilitySystems).where(eq(mobilitySystems.id, id));
    await recordAudit(tx, actor, {
      action: 'DELETE',
      recordType: 'mobility_system',
      recordId: id,
      before: toSystemRecord(before),
    });
  });
}
