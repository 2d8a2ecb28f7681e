import { describe, expect, it } from 'vitest';
import { createMobilityGroup } from '../../../test/mobility-factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { JobTicker } from './job-ticker.ts';

const t = useTestApp();

async function createJob(status: string, phase: string | null) {
  const group = await createMobilityGroup(t.db);
  const { rows } = await t.db.$client.query<{ id: number }>(
    `insert into gtfs_import_jobs (group_id, status, phase, rows_done, rows_total, file_name, file_size)
     values ($1, $2, $3, 0, 1000, 'feed.zip', 1) returning id`,
    [group.id, status, phase],
  );
  return rows[0].id;
}

async function progressOf(jobId: number) {
  const { rows } = await t.db.$client.query(
    'select status, phase, rows_done, rows_total from gtfs_import_jobs where id = $1',
    [jobId],
  );
  return rows[0];
}

describe('a GTFS job’s progress ticker', () => {
  it('writes the rows a running job has done', async () => {
    const jobId = await createJob('IMPORTING', 'READING');
    const ticker = new JobTicker(t.db, jobId, new AbortController());
    ticker.set({ phase: 'READING', rowsDone: 250, rowsTotal: 1000 });
    await ticker.tick();
    expect(await progressOf(jobId)).toEqual({
      status: 'IMPORTING',
      phase: 'READING',
      rows_done: 250,
      rows_total: 1000,
    });
  });

  it('leaves a job the swap has just ended as it is: DONE with all its rows, not back to SWAPPING', async () => {
    const jobId = await createJob('IMPORTING', 'READING');
    const ticker = new JobTicker(t.db, jobId, new AbortController());
    // The swap reported its phase, then committed before the ticker wrote it.
    ticker.set({ phase: 'SWAPPING', rowsDone: 1000, rowsTotal: 1000 });
    await t.db.$client.query(
      `update gtfs_import_jobs set status = 'SUCCEEDED', phase = 'DONE', rows_done = 1000 where id = $1`,
      [jobId],
    );
    await ticker.tick();
    expect(await progressOf(jobId)).toEqual({ status: 'SUCCEEDED', phase: 'DONE', rows_done: 1000, rows_total: 1000 });
  });

  it('stops the work when a cancel was asked for', async () => {
    const jobId = await createJob('VALIDATING', 'READING');
    await t.db.$client.query('update gtfs_import_jobs set cancel_requested = true where id = $1', [jobId]);
    const controller = new AbortController();
    const ticker = new JobTicker(t.db, jobId, controller);
    await ticker.tick();
    expect(controller.signal.aborted).toBe(true);
  });
});
