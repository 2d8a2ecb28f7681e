import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database.ts';
import { notifyUsers } from '../notifications/notifications.service.ts';

/**
 * Tells the staff a new public report is theirs: the users of the entity its
 * category is allocated to who may handle events (MANAGE_EVENTS, which the
 * request list needs), and the category's report agent. A category allocated
 * to nobody is everyone's and so nobody's in particular: no notification.
 */
export async function notifyRequestAssigned(
  db: TExecutor,
  request: { id: number; categoryId: number; title: string },
): Promise<void> {
  const { rows } = await db.execute<{ user_id: number; category_name: string; entity_name: string }>(sql`
    select u.id as user_id, c.name as category_name, e.name as entity_name
      from event_categories c
      join entities e on e.id = c.allocated_to_entity_id
      join users u on u.entity_id = c.allocated_to_entity_id or u.id = c.report_agent_user_id
      join roles r on r.id = u.role_id
     where c.id = ${request.categoryId}
       and (u.id = c.report_agent_user_id or 'MANAGE_EVENTS' = any(r.permissions))`);
  if (rows.length === 0) return;
  await notifyUsers(
    db,
    rows.map((row) => row.user_id),
    {
      type: 'EVENT_REQUEST_ASSIGNED',
      params: { title: request.title, category: rows[0].category_name, entity: rows[0].entity_name },
      link: `/event-request/${request.id}`,
    },
  );
}
