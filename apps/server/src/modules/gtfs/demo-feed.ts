import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SERVER_ROOT } from '../../config.ts';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { mobilitySystemGroups } from '../../db/schema/index.ts';
import type { TJobQueue } from '../../jobs/define-job.ts';
import { queueGtfsImport } from '../../jobs/gtfs-imports.ts';

/** Metro do Porto's official feed (see the licence beside it), the network a newcomer sees. */
export const DEMO_FEED_PATH = path.join(SERVER_ROOT, 'reference', 'gtfs', 'metro-porto-2025.zip');
export const DEMO_GROUP_NAME = 'Metro do Porto';

async function copyDemoFeed(uploadDir: string): Promise<{ filePath: string; size: number }> {
  await fs.mkdir(uploadDir, { recursive: true });
  const filePath = path.join(uploadDir, `${randomUUID()}.zip`);
  await fs.copyFile(DEMO_FEED_PATH, filePath);
  return { filePath, size: (await fs.stat(filePath)).size };
}

/** A QUEUED import of the demo feed; `jobs` queues it at once, else the next GTFS tidy-up does. */
async function queueDemoJob(db: TExecutor, groupId: number, uploadDir: string, jobs?: TJobQueue): Promise<void> {
  const { filePath, size } = await copyDemoFeed(uploadDir);
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(
      sql`insert into gtfs_import_jobs (group_id, status, file_name, file_size, file_path, is_demo)
          values (${groupId}, 'QUEUED', ${path.basename(DEMO_FEED_PATH)}, ${size}, ${filePath}, true)
          returning id`,
    );
    if (jobs) await queueGtfsImport(jobs, tx, { id: rows[0].id, groupId });
  });
}

/**
 * First run: the "Metro do Porto" group, owned by the operator's entity
 * (`entityId`), and a queued import of its feed. The first workers process
 * queues its job when it starts (tidy-gtfs-imports) and imports it in the
 * background, so the first start stays fast; the stops, routes and
 * timetables appear a few seconds later.
 */
export async function seedDemoNetwork(tx: TExecutor, uploadDir: string, entityId: number): Promise<void> {
  const [group] = await tx
    .insert(mobilitySystemGroups)
    .values({
      name: DEMO_GROUP_NAME,
      type: 'STATIC',
      layerType: 'DEFAULT_LAYERS',
      color: '#1E5AA8',
      allowClustering: true,
      entityId,
    })
    .returning({ id: mobilitySystemGroups.id });
  await queueDemoJob(tx, group.id, uploadDir);
}

/**
 * A restart that interrupted the demo import (the server stopped before it
 * finished) queues it again, so the demo network always ends up loaded.
 */
export async function resumeDemoImport(db: TDatabase, jobs: TJobQueue, uploadDir: string): Promise<void> {
  const { rows } = await db.$client.query<{ group_id: number }>(
    `select j.group_id from gtfs_import_jobs j
      where j.is_demo and j.status = 'FAILED' and j.failure_code = 'INTERRUPTED'
        and not exists (select 1 from gtfs_import_jobs o
                         where o.group_id = j.group_id and o.is_demo
                           and o.status in ('QUEUED', 'IMPORTING', 'SUCCEEDED'))
        and not exists (select 1 from gtfs_feeds f where f.group_id = j.group_id and f.status = 'ACTIVE')
      group by j.group_id`,
  );
  for (const row of rows) await queueDemoJob(db, row.group_id, uploadDir, jobs);
}
