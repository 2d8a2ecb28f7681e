import { describe, expect, it } from 'vitest';
import { createMobilityGroup } from '../../../../test/mobility-factories.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { DEMO_FEED_PATH } from '../demo-feed.ts';
import { checkFeedInWorker, databaseUrlOf } from './feed-worker-client.ts';
import { prepareFeedWorker, takeFeedWorker } from './spare-feed-worker.ts';

const t = useTestApp();

async function workerSessions(): Promise<{ wait_event_type: string | null }[]> {
  const { rows } = await t.db.$client.query<{ wait_event_type: string | null }>(
    `select wait_event_type from pg_stat_activity
      where application_name like 'mip-gtfs-worker-%' and datname = current_database()`,
  );
  return rows;
}

describe('a GTFS worker thread started ahead', () => {
  it('is connected to the database before its task comes, its session named for it', async () => {
    prepareFeedWorker(databaseUrlOf(t.db));
    await expect.poll(async () => (await workerSessions()).length, { timeout: 30_000 }).toBe(1);
    const { worker } = takeFeedWorker(databaseUrlOf(t.db));
    await worker.terminate();
    await expect.poll(async () => (await workerSessions()).length, { timeout: 30_000 }).toBe(0);
  });
});

describe('a GTFS check in its worker thread', () => {
  it('stops within a second of an abort even while its worker waits on the database, and leaves nothing', async () => {
    const group = await createMobilityGroup(t.db);
    const { rows } = await t.db.$client.query<{ id: number }>(
      `insert into gtfs_import_jobs (group_id, status, file_name, file_size) values ($1, 'VALIDATING', 'feed.zip', 1)
       returning id`,
      [group.id],
    );
    const jobId = rows[0].id;
    // Another session holds the group: the worker's first write (the feed row of its load) waits on it.
    const blocker = await t.db.$client.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select id from mobility_system_groups where id = $1 for update', [group.id]);
      const controller = new AbortController();
      const checking = checkFeedInWorker(t.db, {
        jobId,
        groupId: group.id,
        filePath: DEMO_FEED_PATH,
        today: 20_250_101,
        isStaging: true,
        signal: controller.signal,
        onProgress: () => {},
      });
      const outcome = checking.then(
        () => 'finished',
        (error: unknown) => error,
      );
      await expect
        .poll(async () => (await workerSessions()).map((s) => s.wait_event_type), { timeout: 30_000 })
        .toContain('Lock');
      const abortedAt = performance.now();
      controller.abort(new Error('cancelled by the test'));
      expect(await outcome).toMatchObject({ message: 'cancelled by the test' });
      expect(performance.now() - abortedAt).toBeLessThan(1000);
      expect(await workerSessions()).toEqual([]);
    } finally {
      await blocker.query('rollback');
      blocker.release();
    }
    const { rows: feeds } = await t.db.$client.query('select id from gtfs_feeds where job_id = $1', [jobId]);
    expect(feeds).toEqual([]);
  }, 60_000);
});
