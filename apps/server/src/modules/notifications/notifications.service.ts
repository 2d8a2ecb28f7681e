import type { TNotification, TNotificationType, TPagedList, TPageQuery } from '@mip/shared';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database.ts';
import { searchPage } from '../../db/paged-search.ts';
import { notifications } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { type TNotificationRow, toNotification } from './notifications.presenter.ts';

export interface TNewNotification {
  type: TNotificationType;
  params: Record<string, string | number | null>;
  link: string | null;
}

/**
 * Tells a user something finished (inside the transaction that finished it),
 * unless they chose on /personal not to receive notifications.
 */
export async function notifyUser(db: TExecutor, userId: number, notification: TNewNotification): Promise<void> {
  await notifyUsers(db, [userId], notification);
}

/** The same notification to each of these users who receives notifications; answers how many got it. */
export async function notifyUsers(db: TExecutor, userIds: number[], notification: TNewNotification): Promise<number> {
  if (userIds.length === 0) return 0;
  const result = await db.execute(sql`
    insert into notifications (user_id, type, params, link)
    select u.id, ${notification.type}, ${JSON.stringify(notification.params)}::jsonb, ${notification.link}
      from users u
     where u.id = any(${sql.param(userIds)}::int[]) and u.receive_notifications and u.status = 'ACTIVE'`);
  return result.rowCount ?? 0;
}

/** The caller's own notifications, newest first; `unread` keeps those not read yet. */
export function searchNotifications(
  db: TExecutor,
  userId: number,
  query: TPageQuery & { unread?: 'true' | 'false' },
): Promise<TPagedList<TNotification>> {
  return searchPage(
    db,
    {
      columns: sql`n.*`,
      from: sql`from notifications n`,
      where: [
        sql`n.user_id = ${userId}`,
        query.unread === 'true' ? sql`n.read_at is null` : undefined,
        query.unread === 'false' ? sql`n.read_at is not null` : undefined,
      ],
      sortColumns: { createdAt: { expression: sql`n.created_at` } },
      defaultSort: 'createdAt',
      defaultDirection: 'DESC',
      tiebreak: sql`n.id`,
    },
    query,
    (row: Record<string, unknown>) =>
      toNotification({
        id: row.id as number,
        userId: row.user_id as number,
        type: row.type as string,
        params: row.params as TNotificationRow['params'],
        link: row.link as string | null,
        readAt: row.read_at ? new Date(row.read_at as string) : null,
        createdAt: new Date(row.created_at as string),
      }),
  );
}

export async function countUnreadNotifications(db: TExecutor, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row.count;
}

/** Marks one of the caller's notifications read (once: reading it again keeps the first time). */
export async function markNotificationRead(db: TExecutor, userId: number, id: number): Promise<TNotification> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notFound();
  return toNotification(row);
}

/** Marks every unread notification of the caller read; answers how many were. */
export async function markAllNotificationsRead(db: TExecutor, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
