import { can } from '@mip/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { TAuthContext } from '../auth/session-store.ts';
import { entityListInScopeSql, type TScopeSubject } from '../entities/entity-scope.ts';

/** Who is looking at dashboards, as far as seeing them goes. */
export interface TDashboardViewer {
  /** MANAGE_DASHBOARDS: every dashboard of their scope, in any status, and may edit those. */
  isManager: boolean;
  /** READ_DASHBOARD: active dashboards whose restrictions they pass. */
  canRead: boolean;
  roleId: number;
  entityId: number;
  /** The entities the viewer may act on (entitiesAccessList). */
  scope: TScopeSubject;
}

export function dashboardViewerOf(auth: TAuthContext | null): TDashboardViewer | null {
  if (!auth) return null;
  return {
    isManager: can(auth, { all: ['MANAGE_DASHBOARDS'] }),
    canRead: can(auth, { all: ['READ_DASHBOARD'] }),
    roleId: auth.role.id,
    entityId: auth.user.entityId,
    scope: auth,
  };
}

/**
 * SQL condition on a dashboard `d`: the viewer may edit it (and see it in any
 * status). A dashboard is owned by the entities it is restricted to: a
 * manager limited by entitiesAccessList edits only those with no entity
 * restriction or whose every restricted entity lies in their scope.
 * Security-relevant: update and delete load the dashboard through this one
 * question, so a dashboard outside the scope answers 404.
 */
export function dashboardEditableSql(viewer: TDashboardViewer | null): SQL {
  if (!viewer?.isManager) return sql`false`;
  return entityListInScopeSql(viewer.scope, sql`d.restricted_entity_ids`) ?? sql`true`;
}

/**
 * SQL condition on a dashboard `d`: the viewer may see it. Everyone sees the
 * public, active ones (spec 001: visitors view public dashboards). A manager
 * sees those they may edit. A reader sees the active ones whose every
 * non-empty restriction they pass: their entity's profile, their role, and
 * their entity or one above it (a restriction to an entity covers its
 * sub-entities). Security-relevant: the list, the dashboard and its widgets'
 * data all ask this one question.
 */
export function dashboardVisibleSql(viewer: TDashboardViewer | null): SQL {
  const editable = dashboardEditableSql(viewer);
  const publicAndActive = sql`(d.status = 'ACTIVE' and d.is_public)`;
  if (!viewer?.canRead) return viewer?.isManager ? sql`(${editable} or ${publicAndActive})` : publicAndActive;
  // Uncorrelated subqueries: PostgreSQL computes each once per statement, however many dashboards it reads.
  const lineage = sql`array(with recursive up(id, parent_id) as (
      select id, parent_id from entities where id = ${viewer.entityId}
      union
      select e.id, e.parent_id from entities e join up on e.id = up.parent_id
    ) select id from up)`;
  const profile = sql`(select profile_id from entities where id = ${viewer.entityId})`;
  const readable = sql`(d.status = 'ACTIVE' and (d.is_public or (
      (cardinality(d.restricted_profile_ids) = 0 or ${profile} = any(d.restricted_profile_ids))
      and (cardinality(d.restricted_role_ids) = 0 or ${viewer.roleId}::int = any(d.restricted_role_ids))
      and (cardinality(d.restricted_entity_ids) = 0 or d.restricted_entity_ids && ${lineage}::int[])
    )))`;
  return viewer.isManager ? sql`(${editable} or ${readable})` : readable;
}
