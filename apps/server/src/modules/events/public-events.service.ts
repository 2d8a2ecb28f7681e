import {
  can,
  type TMobilitySystem,
  type TPagedList,
  type TPublicEvent,
  type TPublicEventListItem,
  type ZPublicEventSearchQuery,
} from '@mip/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TExecutor } from '../../db/database.ts';
import { searchPage } from '../../db/paged-search.ts';
import { byFoldedColumn, matchesSearch } from '../../db/text-search.ts';
import { notFound } from '../../http/errors.ts';
import type { TAuthContext } from '../auth/session-store.ts';
import { listDocumentsOf } from '../documents/documents.service.ts';
import { type TPublicEventListRow, toPublicEvent, toPublicEventListItem } from './events.presenter.ts';
import {
  affectedSystemsSql,
  EVENT_FROM_SQL,
  eventInScopeSql,
  findEventRow,
  IS_VISIBLE_TO_PUBLIC_SQL,
  LIVE_STATUSES_SQL,
  oneOfSql,
  PRIORITY_RANK,
} from './events.service.ts';

type TPublicSearchQuery = z.infer<typeof ZPublicEventSearchQuery>;

/**
 * GET /events/public/{id}: the incident card. 404 unless a visitor may see
 * the event; only its public documents and its public comments (newest first).
 */
export async function readPublicEvent(db: TExecutor, id: number): Promise<TPublicEvent> {
  const row = await findEventRow(db, id, { onlyPublic: true });
  if (!row) throw notFound();
  const attached = (await listDocumentsOf(db, 'EVENT', id)).filter((document) => document.isPublic);
  const { rows: updates } = await db.execute<{ id: number; message: string; created_at: Date | string }>(
    sql`select id, message, created_at from event_comments where event_id = ${id} and is_public order by id desc`,
  );
  return toPublicEvent(
    row,
    attached,
    updates.map((update) => ({
      id: update.id,
      message: update.message,
      createdAt: new Date(update.created_at).toISOString(),
    })),
  );
}

/** Current: started and not over; future: not started; either when no choice is made (never one that is over). */
function publicTimeSql(time: TPublicSearchQuery['time']): SQL {
  switch (time) {
    case 'CURRENT':
      return sql`e.from_timestamp <= now() and (e.to_timestamp is null or e.to_timestamp > now())`;
    case 'FUTURE':
      return sql`e.from_timestamp > now()`;
    default:
      return sql`(e.to_timestamp is null or e.to_timestamp > now())`;
  }
}

/** GET /events/public: the /incidents list; soonest first for future events, latest start first otherwise. */
export function searchPublicEvents(
  db: TExecutor,
  query: TPublicSearchQuery,
): Promise<TPagedList<TPublicEventListItem>> {
  const sortProperty = query.sortProperty ?? 'fromTimestamp';
  const defaultDirection =
    sortProperty === 'title' || (sortProperty === 'fromTimestamp' && query.time === 'FUTURE') ? 'ASC' : 'DESC';
  return searchPage<TPublicEventListRow, TPublicEventListItem>(
    db,
    {
      columns: sql`e.id, e.title, e.from_timestamp, e.to_timestamp, e.priority,
        e.min_latitude, e.max_latitude, e.min_longitude, e.max_longitude,
        json_build_object('id', c.id, 'name', c.name, 'icon', c.icon, 'categoryType', c.category_type) as category,
        ${affectedSystemsSql({ onlyActive: true })} as affected_systems`,
      from: sql`from events e join event_categories c on c.id = e.category_id`,
      where: [
        IS_VISIBLE_TO_PUBLIC_SQL,
        publicTimeSql(query.time),
        oneOfSql(query.categoryId, sql`e.category_id`, 'int'),
        oneOfSql(query.priority, sql`e.priority`, 'text'),
        query.createdBefore ? sql`e.created_at < ${query.createdBefore}::timestamptz` : undefined,
        matchesSearch(query.universalSearch, [byFoldedColumn(sql`e.search_text`)]),
      ],
      sortColumns: {
        fromTimestamp: { expression: sql`e.from_timestamp` },
        priority: { expression: PRIORITY_RANK },
        title: { expression: sql`e.title collate pt_natural` },
        updatedAt: { expression: sql`e.updated_at` },
      },
      defaultSort: 'fromTimestamp',
      defaultDirection,
      tiebreak: sql`e.id`,
    },
    query,
    toPublicEventListItem,
  );
}

/**
 * The live events on a mobility system, by start: a visitor (or a console
 * user without MANAGE_EVENTS) sees those visible to the public; a user with
 * MANAGE_EVENTS also the other live ones within their entities.
 */
export async function listActiveEventsOfSystem(
  db: TExecutor,
  systemId: number,
  viewer: TAuthContext | null,
): Promise<TMobilitySystem['activeEvents']> {
  const isStaff = can(viewer, { all: ['MANAGE_EVENTS'] });
  const scope = isStaff && viewer ? eventInScopeSql(viewer) : undefined;
  const isLive = sql`e.status in ${LIVE_STATUSES_SQL}`;
  const visible = !isStaff
    ? IS_VISIBLE_TO_PUBLIC_SQL
    : scope
      ? sql`(${isLive} and (${IS_VISIBLE_TO_PUBLIC_SQL} or ${scope}))`
      : isLive;
  const { rows } = await db.execute<{ id: number; title: string }>(
    sql`select e.id, e.title ${EVENT_FROM_SQL}
         where e.id in (select a.event_id from event_affected_systems a where a.system_id = ${systemId})
           and ${visible}
         order by e.from_timestamp, e.id`,
  );
  return rows.map((row) => ({ id: row.id, title: row.title }));
}
