import { can } from '@mip/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { TAuthContext } from '../auth/session-store.ts';

/** Who is looking at dashboards, as far as seeing them goes. */
export interface TDashboardViewer {
  /** MANAGE_DASHBOARDS: every dashboard, in any status, and may edit. */
  isManager: boolean;
  /** READ_DASHBOARD: active dashboards whose restrictions they pass. */
  canRead: boolean;
  roleId: number;
  entityId: number;
}

export function dashboardViewerOf(auth: TAuthContext | null): TDashboardViewer | null {
  if (!auth) return null;
  return {
    isManager: can(auth, { all: ['MANAGE_DASHBOARDS'] }),
    canRead: can(auth, { all: ['READ_DASHBOARD'] }),
    roleId: auth.role.id,
    entityId: auth.user.entityId,
  };
}

/**
 * SQL condition on a dashboard `d`: the viewer may see it. Everyone sees the
 * public, active ones (spec 001: visitors view public dashboards). A reader
 * sees the active ones whose every non-empty restriction they pass: their
 * entity's profile, their role, and their entity or one above it (a
 * restriction to an entity covers its sub-entities). Security-relevant: the
 * list, the dashboard and its widgets' data all ask this one question.
 */
export function dashboardVisibleSql(viewer: TDashboardViewer | null): SQL {
  if (viewer?.isManager) return sql`true`;
  const publicAndActive = sql`(d.status = 'ACTIVE' and d.is_public)`;
  if (!viewer?.canRead) return publicAndActive;
  // Uncorrelated subqueries: PostgreSQL computes each once per statement, however many dashboards it reads.
  const lineage = sql`array(with recursive up(id, parent_id) as (
      select id, parent_id from entities where id = ${viewer.entityId}
      union
      select e.id, e.parent_id from entities e join up on e.id = up.parent_id
    ) select id from up)`;
  const profile = sql`(select profile_id from entities where id = ${viewer.entityId})`;
  return sql`(d.status = 'ACTIVE' and (d.is_public or (
      (cardinality(d.restricted_profile_ids) = 0 or ${profile} = any(d.restricted_profile_ids))
      and (cardinality(d.restricted_role_ids) = 0 or ${viewer.roleId}::int = any(d.restricted_role_ids))
      and (cardinality(d.restricted_entity_ids) = 0 or d.restricted_entity_ids && ${lineage}::int[])
    )))`;
}
