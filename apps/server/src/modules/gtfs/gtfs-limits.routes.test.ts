import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TGtfsImportJob } from '@mip/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInNewUser } from '../../../test/factories.ts';
import { activeFeedId, GTFS_FIXTURES, gtfsFixture, importGtfs, uploadGtfs } from '../../../test/gtfs.ts';
import { createMobilityGroup } from '../../../test/mobility-factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { deflateRepeated, type TDeflatedZipInput, writeZip } from '../../../test/zip-writer.ts';

const MB = 1024 * 1024;
const t = useTestApp({ UPLOAD_DIR: '/tmp/mip-test-uploads', GTFS_MAX_UNZIPPED_FILE_MB: '128' });

let authorization: string;

beforeAll(async () => {
  authorization = (await signInNewUser(t, { permissions: ['IMPORT_GTFS_FILE'] })).authorization;
});

/** The sample feed with its stop_times replaced by a member deflated from a generator. */
function sampleFeedWith(stopTimes: TDeflatedZipInput): Buffer {
  const base = path.join(GTFS_FIXTURES, 'invalid', 'good_feed');
  return writeZip([
    ...readdirSync(base)
      .filter((name) => name !== 'stop_times.txt')
      .map((name) => ({ name, data: readFileSync(path.join(base, name)) })),
    stopTimes,
  ]);
}

/**
 * Uploads a hostile feed into a group that has a live one and follows its
 * check as the import screen does, timing /api/health all along: answers the
 * finished job and the slowest health answer.
 */
async function checkWhileTimingHealth(zip: Buffer) {
  const group = await createMobilityGroup(t.db);
  await importGtfs(t, authorization, group.id, gtfsFixture('google-sample'));
  const liveFeed = await activeFeedId(t, group.id);
  const upload = await uploadGtfs(t, authorization, group.id, zip);
  expect(upload.statusCode, upload.body).toBe(200);
  let slowestHealthMs = 0;
  for (;;) {
    const startedAt = performance.now();
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    slowestHealthMs = Math.max(slowestHealthMs, performance.now() - startedAt);
    expect(health.statusCode).toBe(200);
    const job = (
      await t.app.inject({ method: 'GET', url: `/api/gtfs/imports/${upload.json().id}`, headers: { authorization } })
    ).json() as TGtfsImportJob;
    if (job.status !== 'VALIDATING') {
      expect(await activeFeedId(t, group.id)).toBe(liveFeed);
      return { job, slowestHealthMs };
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('GTFS uploads made to stall the server', () => {
  it('refuses 64 MB of NUL bytes in a 64 KB zip with the line too long, answering all along; the live feed stays', async () => {
    const header = Buffer.from('trip_id,arrival_time,departure_time,stop_id,stop_sequence\n');
    const flood = await deflateRepeated('stop_times.txt', Buffer.alloc(MB), 64, header);
    expect(flood.deflated.length).toBeLessThan(MB);
    const { job, slowestHealthMs } = await checkWhileTimingHealth(sampleFeedWith(flood));
    expect(job.status).toBe('INVALID');
    expect(job.report?.issues).toContainEqual(
      expect.objectContaining({ severity: 'ERROR', code: 'LINE_TOO_LONG', file: 'stop_times.txt', row: 2 }),
    );
    // The check runs in a worker thread: the API's own thread never waits on it.
    expect(slowestHealthMs).toBeLessThan(1000);
  }, 60_000);

  it('refuses a zip bomb past the unzipped size limit, saying the limit', async () => {
    // 256 MB of line breaks: blank lines are skipped, so only the size limit (128 MB here) stops them.
    const bomb = await deflateRepeated('stop_times.txt', Buffer.alloc(MB, '\n'), 256);
    const { job, slowestHealthMs } = await checkWhileTimingHealth(sampleFeedWith(bomb));
    expect(job.status).toBe('INVALID');
    expect(job.report?.issues).toContainEqual(
      expect.objectContaining({ severity: 'ERROR', code: 'FILE_TOO_LARGE', file: 'stop_times.txt', value: '128 MB' }),
    );
    expect(slowestHealthMs).toBeLessThan(1000);
  }, 60_000);
});
