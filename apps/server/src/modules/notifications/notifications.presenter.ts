import type { TNotification, TNotificationType } from '@mip/shared';
import type { notifications } from '../../db/schema/index.ts';

export type TNotificationRow = typeof notifications.$inferSelect;

export function toNotification(row: TNotificationRow): TNotification {
  return {
    id: row.id,
    type: row.type as TNotificationType,
    params: row.params,
    link: row.link,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
