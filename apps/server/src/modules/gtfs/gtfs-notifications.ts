import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database.ts';
import { notifyUser } from '../notifications/notifications.service.ts';

interface TJobFacts {
  user_id: number | null;
  file_name: string;
  group_name: string;
  failure_code: string | null;
  stops: number | null;
  routes: number | null;
}

/**
 * Tells whoever confirmed a GTFS import how it ended: an import of a large
 * feed runs long after they left the page. The demo feed, imported by the
 * server itself, has nobody to tell. Pass the transaction that ended the job.
 */
export async function notifyImportEnded(db: TExecutor, jobId: number, outcome: 'SUCCEEDED' | 'FAILED'): Promise<void> {
  const { rows } = await db.execute<TJobFacts & Record<string, unknown>>(sql`
    select coalesce(j.confirmed_by, j.created_by) as user_id, j.file_name, g.name as group_name, j.failure_code,
           (j.counts ->> 'stops')::int as stops, (j.counts ->> 'routes')::int as routes
      from gtfs_import_jobs j join mobility_system_groups g on g.id = j.group_id
     where j.id = ${jobId}`);
  const job = rows[0];
  if (!job?.user_id) return;
  await notifyUser(db, job.user_id, {
    type: outcome === 'SUCCEEDED' ? 'GTFS_IMPORT_SUCCEEDED' : 'GTFS_IMPORT_FAILED',
    params:
      outcome === 'SUCCEEDED'
        ? { group: job.group_name, file: job.file_name, stops: job.stops ?? 0, routes: job.routes ?? 0 }
        : { group: job.group_name, file: job.file_name, error: job.failure_code },
    link: '/import-gtfs',
  });
}
