import type { TDatabase } from '../src/db/database.ts';

export interface TNotificationRow {
  type: string;
  params: Record<string, string | number | null>;
  link: string | null;
}

/** A user's notifications of one type, oldest first, as stored. */
export async function findNotifications(db: TDatabase, userId: number, type: string): Promise<TNotificationRow[]> {
  const { rows } = await db.$client.query<TNotificationRow>(
    'select type, params, link from notifications where user_id = $1 and type = $2 order by id',
    [userId, type],
  );
  return rows;
}
