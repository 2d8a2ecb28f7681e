import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TGtfsImportJob, TGtfsJobStatus } from '@mip/shared';
import { expect } from 'vitest';
import { DEMO_FEED_PATH } from '../src/modules/gtfs/demo-feed.ts';
import { multipartBody } from './files.ts';
import type { TTestApp } from './test-app.ts';
import { zipFolder } from './zip-writer.ts';

/** The GTFS corpus kept with the tests (see the licence files beside each feed). */
export const GTFS_FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'gtfs');

/** A feed of the corpus as zip bytes: the shared zips as they are, the broken-feed folders zipped now. */
export function gtfsFixture(name: 'metro-porto' | 'caltrain' | 'google-sample' | `invalid/${string}`): Buffer {
  if (name === 'metro-porto') return readFileSync(DEMO_FEED_PATH);
  if (name === 'caltrain') return readFileSync(path.join(GTFS_FIXTURES, 'caltrain-2016.zip'));
  if (name === 'google-sample') return readFileSync(path.join(GTFS_FIXTURES, 'google-sample.zip'));
  const full = path.join(GTFS_FIXTURES, name);
  return full.endsWith('.zip') || full.endsWith('.kml') ? readFileSync(full) : zipFolder(full);
}

const FINAL: TGtfsJobStatus[] = ['VALIDATED', 'INVALID', 'SUCCEEDED', 'FAILED', 'CANCELLED'];

/** Uploads zip bytes into a group through the real route. */
export async function uploadGtfs(
  t: TTestApp,
  authorization: string,
  groupId: number,
  bytes: Buffer,
  filename = 'feed.zip',
) {
  const { payload, contentType } = multipartBody({}, [{ filename, bytes, contentType: 'application/zip' }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/gtfs/imports?groupId=${groupId}`,
    payload,
    headers: { authorization, 'content-type': contentType },
  });
}

/** Polls a job until it reaches one of the statuses (by default any resting one). */
export async function waitForJob(
  t: TTestApp,
  authorization: string,
  jobId: number,
  statuses: TGtfsJobStatus[] = FINAL,
  timeoutMs = 60_000,
): Promise<TGtfsImportJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/gtfs/imports/${jobId}`,
      headers: { authorization },
    });
    expect(response.statusCode, response.body).toBe(200);
    const job = response.json() as TGtfsImportJob;
    if (statuses.includes(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} stayed ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Upload, validation, confirmation and import, as the import screen does it; answers the finished job. */
export async function importGtfs(t: TTestApp, authorization: string, groupId: number, bytes: Buffer) {
  const upload = await uploadGtfs(t, authorization, groupId, bytes);
  expect(upload.statusCode, upload.body).toBe(200);
  const validated = await waitForJob(t, authorization, upload.json().id);
  expect(validated.status, JSON.stringify(validated.report?.issues.slice(0, 5))).toBe('VALIDATED');
  const confirm = await t.app.inject({
    method: 'POST',
    url: `/api/gtfs/imports/${validated.id}/confirm`,
    headers: { authorization },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const done = await waitForJob(t, authorization, validated.id, ['SUCCEEDED', 'FAILED', 'CANCELLED']);
  expect(done.status, JSON.stringify(done)).toBe('SUCCEEDED');
  return done;
}

/** The group's live feed, if it has one. */
export async function activeFeedId(t: TTestApp, groupId: number): Promise<number | null> {
  const { rows } = await t.db.$client.query<{ id: number }>(
    `select id from gtfs_feeds where group_id = $1 and status = 'ACTIVE'`,
    [groupId],
  );
  return rows[0]?.id ?? null;
}
