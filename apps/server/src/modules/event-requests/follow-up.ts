import { LIVE_EVENT_STATUSES, type TEventRequestFollowUp, type TEventStatus } from '@mip/shared';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { eventRequestFollowUps } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { createToken, hashToken } from '../../lib/tokens.ts';

/**
 * A reporter's private follow-up page (/report/{token}). Each link given out —
 * the one shown when the report was sent, the one in each email — is a token
 * of its own, issued when it is given; only its SHA-256 is kept.
 */

/** Where a follow-up token opens. */
export const followUpLink = (publicUrl: string, token: string) => `${publicUrl}/report/${token}`;

/** A new link to a report's follow-up page; only its hash is kept. */
export async function issueFollowUpToken(db: TExecutor, requestId: number): Promise<string> {
  const token = createToken();
  await db.insert(eventRequestFollowUps).values({ tokenHash: hashToken(token), requestId });
  return token;
}

/**
 * A reporter's follow-up page (/report/{token}): the report's state, who
 * handles it and, once accepted, the incident it became with its public
 * updates. The token is the only key; an unknown one is a 404 like any other.
 */
export async function readFollowUp(db: TDatabase, token: string): Promise<TEventRequestFollowUp> {
  const { rows } = await db.$client.query<{
    id: number;
    title: string;
    status: TEventRequestFollowUp['status'];
    created_at: Date;
    closed_at: Date | null;
    category: string;
    responsible_entity: string | null;
    reason: string | null;
    event_id: number | null;
    event_title: string | null;
    event_status: TEventStatus | null;
    event_on_map: boolean | null;
  }>(
    `select r.id, r.title, r.status, r.created_at, r.closed_at, c.name as category,
            coalesce(ee.name, ce.name) as responsible_entity, case when r.status = 'REJECTED' then r.reason end as reason,
            e.id as event_id, e.title as event_title, e.status as event_status,
            e.is_public and e.status = any($2::text[]) and c.active as event_on_map
       from event_request_follow_ups f
       join event_requests r on r.id = f.request_id
       join event_categories c on c.id = r.category_id
       left join entities ce on ce.id = c.allocated_to_entity_id
       left join events e on e.id = r.event_id and r.status = 'ACCEPTED'
       left join entities ee on ee.id = e.entity_id
      where f.token_hash = $1`,
    [hashToken(token), LIVE_EVENT_STATUSES],
  );
  const row = rows[0];
  if (!row) throw notFound();
  const comments =
    row.event_id === null
      ? []
      : (
          await db.$client.query<{ message: string; created_at: Date; entity: string | null }>(
            `select m.message, m.created_at, n.name as entity
               from event_comments m left join entities n on n.id = m.entity_id
              where m.event_id = $1 and m.is_public order by m.id`,
            [row.event_id],
          )
        ).rows;
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    closedAt: row.closed_at?.toISOString() ?? null,
    category: row.category,
    responsibleEntity: row.responsible_entity,
    reason: row.reason,
    event:
      row.event_id === null
        ? null
        : {
            id: row.event_id,
            title: row.event_title ?? '',
            status: row.event_status ?? 'OPEN',
            isOnMap: row.event_on_map === true,
            comments: comments.map((comment) => ({
              message: comment.message,
              createdAt: comment.created_at.toISOString(),
              entity: comment.entity,
            })),
          },
  };
}
