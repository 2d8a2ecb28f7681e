import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TGtfsImportHistoryItem, TGtfsImportJob } from '@mip/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { createEntity, signInNewUser } from '../../../test/factories.ts';
import { multipartBody } from '../../../test/files.ts';
import { activeFeedId, GTFS_FIXTURES, gtfsFixture, importGtfs, uploadGtfs, waitForJob } from '../../../test/gtfs.ts';
import { standInForDeadProcess, waitForJobs } from '../../../test/jobs.ts';
import { createMobilityGroup } from '../../../test/mobility-factories.ts';
import { findNotifications } from '../../../test/notifications.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { writeZip } from '../../../test/zip-writer.ts';
import { endInterruptedGtfsJob, importGtfsFeed } from '../../jobs/gtfs-imports.ts';
import { DEMO_FEED_PATH, resumeDemoImport } from './demo-feed.ts';
import { gtfsUploadDir } from './gtfs-jobs.ts';
import { checkFeed } from './import/check-feed.ts';
import { importFeed } from './import/import-feed.ts';
import type { TImportProgress } from './import/stage-feed.ts';
import { tripTimesPartition } from './import/trip-times-staging.ts';

const UPLOAD_DIR = '/tmp/mip-test-uploads';
const t = useTestApp({ UPLOAD_DIR });

let api: TCaller;
let authorization: string;
let userId: number;

beforeAll(async () => {
  const caller = await signInNewUser(t, { permissions: ['IMPORT_GTFS_FILE'] });
  authorization = caller.authorization;
  userId = caller.user.id;
  api = callerOf(t, authorization);
});

/** The sample feed's files, some replaced: a second version of a network. */
function sampleFeedWith(files: Record<string, string>): Buffer {
  const base = path.join(GTFS_FIXTURES, 'invalid', 'good_feed');
  const names = new Set([...readdirSync(base), ...Object.keys(files)]);
  return writeZip(
    [...names].map((name) => ({
      name,
      data: files[name] === undefined ? readFileSync(path.join(base, name)) : Buffer.from(files[name]),
    })),
  );
}

/** The feeds a job's check loaded and no swap has made live yet, and whether their tables exist. */
async function stagedFeedsOf(jobId: number): Promise<{ id: number; hasTable: boolean }[]> {
  const { rows } = await t.db.$client.query<{ id: number; has_table: boolean }>(
    `select id, to_regclass('gtfs_trip_times_f' || id) is not null as has_table
       from gtfs_feeds where job_id = $1 and status = 'LOADING'`,
    [jobId],
  );
  return rows.map((row) => ({ id: row.id, hasTable: row.has_table }));
}

async function systemsOf(groupId: number) {
  const { rows } = await t.db.$client.query<{ id: number; external_ref: string; name: string; active: boolean }>(
    'select id, external_ref, name, active from mobility_systems where group_id = $1 order by external_ref',
    [groupId],
  );
  return new Map(rows.map((row) => [row.external_ref, row]));
}

async function scheduleAt(stopSystemId: number, date: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/public-transport/schedule?stopId=${stopSystemId}&date=${date}`,
  });
  return response.json();
}

describe('GTFS import access', () => {
  it('needs a session and IMPORT_GTFS_FILE', async () => {
    const group = await createMobilityGroup(t.db);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/gtfs/imports/search' });
    expectError(anonymous, 401, 'UNAUTHORIZED');
    const other = await signInNewUser(t, { permissions: ['WRITE_MOBILITY_SYSTEM'] });
    expectError(await uploadGtfs(t, other.authorization, group.id, gtfsFixture('google-sample')), 403, 'FORBIDDEN');
    expectError(await callerOf(t, other.authorization).get('/gtfs/imports/search'), 403, 'FORBIDDEN');
  });

  it('refuses an unknown group and an upload without a file', async () => {
    expectFieldError(
      await uploadGtfs(t, authorization, 999_999, gtfsFixture('google-sample')),
      'groupId',
      'INVALID_GROUP',
    );
    const group = await createMobilityGroup(t.db);
    const { payload, contentType } = multipartBody({ note: 'no file' }, []);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/gtfs/imports?groupId=${group.id}`,
      payload,
      headers: { authorization, 'content-type': contentType },
    });
    expectFieldError(response, 'file', 'MISSING_FILE');
  });
});

describe("GTFS imports belong to their group's entity", () => {
  const ids = (response: { json: () => { content: { id: number }[] } }) => response.json().content.map((job) => job.id);

  async function signInImporter(entityId: number) {
    const user = await signInNewUser(t, {
      permissions: ['IMPORT_GTFS_FILE'],
      entityId,
      entitiesAccessList: [entityId],
    });
    return { authorization: user.authorization, api: callerOf(t, user.authorization) };
  }

  it("answers 404 to another entity's user who reads, confirms or cancels a job, and lists it only for its own", async () => {
    const metro = await createEntity(t.db, { name: 'Metro do Porto, S.A.' });
    const city = await createEntity(t.db, { name: 'Câmara Municipal do Porto' });
    const department = await createEntity(t.db, { name: 'Direção Municipal de Mobilidade', parentId: city.id });
    const operator = await signInImporter(metro.id);
    const outsider = await signInImporter(department.id);
    const municipality = await signInImporter(city.id);
    const group = await createMobilityGroup(t.db, { entityId: metro.id });
    const upload = await uploadGtfs(t, operator.authorization, group.id, gtfsFixture('google-sample'));
    expect(upload.statusCode, upload.body).toBe(200);
    const job = await waitForJob(t, operator.authorization, upload.json().id);
    expect(job.status).toBe('VALIDATED');

    expectError(await outsider.api.get(`/gtfs/imports/${job.id}`), 404, 'NOT_FOUND');
    expectError(await outsider.api.post(`/gtfs/imports/${job.id}/confirm`), 404, 'NOT_FOUND');
    expectError(await outsider.api.post(`/gtfs/imports/${job.id}/cancel`), 404, 'NOT_FOUND');
    expectError(await municipality.api.post(`/gtfs/imports/${job.id}/cancel`), 404, 'NOT_FOUND');
    expect(ids(await outsider.api.get('/gtfs/imports/search', { groupId: String(group.id) }))).toEqual([]);
    const unfinished = (await outsider.api.get('/gtfs/imports/unfinished')).json() as { id: number }[];
    expect(unfinished.map((row) => row.id)).not.toContain(job.id);
    expect((await operator.api.get(`/gtfs/imports/${job.id}`)).json().status).toBe('VALIDATED');
    expect((await findAuditRows(t.db, 'GTFS_IMPORT_CANCEL')).map((row) => row.record_id)).not.toContain(String(job.id));

    expect(ids(await operator.api.get('/gtfs/imports/search', { groupId: String(group.id) }))).toEqual([job.id]);
    const own = (await operator.api.get('/gtfs/imports/unfinished')).json() as { id: number }[];
    expect(own.map((row) => row.id)).toContain(job.id);
    const cancelled = await operator.api.post(`/gtfs/imports/${job.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('CANCELLED');
  });

  it("refuses another entity's group as an import target, as an unknown one, and takes one of a sub-entity", async () => {
    const city = await createEntity(t.db, { name: 'Câmara Municipal do Porto' });
    const department = await createEntity(t.db, { name: 'Direção Municipal de Mobilidade', parentId: city.id });
    const metroGroup = await createMobilityGroup(t.db);
    const municipality = await signInImporter(city.id);
    expectFieldError(
      await uploadGtfs(t, municipality.authorization, metroGroup.id, gtfsFixture('google-sample')),
      'groupId',
      'INVALID_GROUP',
    );
    const sensors = await createMobilityGroup(t.db, { entityId: department.id });
    const upload = await uploadGtfs(t, municipality.authorization, sensors.id, gtfsFixture('google-sample'));
    expect(upload.statusCode, upload.body).toBe(200);
    const job = await waitForJob(t, municipality.authorization, upload.json().id);
    expect((await municipality.api.post(`/gtfs/imports/${job.id}/cancel`)).statusCode).toBe(200);
  });
});

describe('GTFS import lifecycle', () => {
  it('reports what the import would add, imports it in the background and keeps the history', async () => {
    const group = await createMobilityGroup(t.db, { name: 'Demo Transit' });
    const upload = await uploadGtfs(t, authorization, group.id, gtfsFixture('google-sample'), 'sample.zip');
    expect(upload.json()).toMatchObject({ status: 'VALIDATING', fileName: 'sample.zip', group: { id: group.id } });
    const validated = await waitForJob(t, authorization, upload.json().id);
    expect(validated).toMatchObject({
      status: 'VALIDATED',
      rowsDone: 68,
      rowsTotal: 68,
      feedStartDate: '2007-01-01',
      feedEndDate: '2010-12-31',
    });
    expect(validated.report?.summary).toMatchObject({
      counts: { agencies: 1, stops: 9, routes: 5, trips: 11, stopTimes: 28, services: 2, frequencies: 11 },
      stops: { added: 9, changed: 0, removed: 0 },
      routes: { added: 5, changed: 0, removed: 0 },
      removedSystems: 'DEACTIVATED',
      agencyNames: ['Demo Transit Authority'],
    });
    // Nothing changed yet.
    expect((await systemsOf(group.id)).size).toBe(0);

    const confirmed = await api.post(`/gtfs/imports/${validated.id}/confirm`);
    expect(confirmed.json().status).toMatch(/QUEUED|IMPORTING|SUCCEEDED/);
    const done = await waitForJob(t, authorization, validated.id, ['SUCCEEDED', 'FAILED']);
    // Done, with every row of the feed loaded: what the screen shows of a finished import.
    expect(done).toMatchObject({
      status: 'SUCCEEDED',
      phase: 'DONE',
      rowsDone: 68,
      rowsTotal: 68,
      createdBy: { id: userId },
    });
    const systems = await systemsOf(group.id);
    expect([...systems.keys()].filter((ref) => ref.startsWith('route:')).sort()).toEqual([
      'route:AAMV',
      'route:AB',
      'route:BFC',
      'route:CITY',
      'route:STBA',
    ]);
    expect(systems.get('stop:BULLFROG')).toMatchObject({ name: 'Bullfrog (Demo)', active: true });

    const history = await api.get('/gtfs/imports/search', { groupId: String(group.id) });
    expect(history.statusCode, history.body).toBe(200);
    const items = history.json().content as TGtfsImportHistoryItem[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      status: 'SUCCEEDED',
      counts: { stopTimes: 28 },
      warningCount: expect.any(Number),
      createdBy: { id: userId },
      feedEndDate: '2010-12-31',
    });
    expect(await findAuditRows(t.db, 'GTFS_UPLOAD')).toContainEqual(
      expect.objectContaining({ record_id: String(validated.id), user_id: userId }),
    );
    expect(await findAuditRows(t.db, 'GTFS_IMPORT_CONFIRM')).toContainEqual(
      expect.objectContaining({ record_id: String(validated.id), user_id: userId }),
    );
    const feedId = await activeFeedId(t, group.id);
    expect(await findAuditRows(t.db, 'GTFS_IMPORT', 'GTFS_FEED')).toContainEqual(
      expect.objectContaining({ record_id: String(feedId), user_id: userId }),
    );
    expect(await findNotifications(t.db, userId, 'GTFS_IMPORT_SUCCEEDED')).toContainEqual({
      type: 'GTFS_IMPORT_SUCCEEDED',
      params: { group: 'Demo Transit', file: 'sample.zip', stops: 9, routes: 5 },
      link: '/import-gtfs',
    });
  });

  it('updates systems in place on re-import, deactivates those gone and drops the old feed', async () => {
    const group = await createMobilityGroup(t.db);
    await importGtfs(t, authorization, group.id, gtfsFixture('google-sample'));
    const before = await systemsOf(group.id);
    const firstFeed = await activeFeedId(t, group.id);

    const stops = readFileSync(path.join(GTFS_FIXTURES, 'invalid', 'good_feed', 'stops.txt'), 'utf8').replace(
      'Bullfrog (Demo)',
      'Bullfrog Terminal',
    );
    const routes = readFileSync(path.join(GTFS_FIXTURES, 'invalid', 'good_feed', 'routes.txt'), 'utf8')
      .split('\n')
      .filter((line) => !line.startsWith('AAMV'))
      .join('\n');
    const trips = readFileSync(path.join(GTFS_FIXTURES, 'invalid', 'good_feed', 'trips.txt'), 'utf8')
      .split('\n')
      .filter((line) => !line.startsWith('AAMV'))
      .join('\n');
    const stopTimes = readFileSync(path.join(GTFS_FIXTURES, 'invalid', 'good_feed', 'stop_times.txt'), 'utf8')
      .split('\n')
      .filter((line) => !line.startsWith('AAMV'))
      .join('\n');
    const second = sampleFeedWith({
      'stops.txt': stops,
      'routes.txt': routes,
      'trips.txt': trips,
      'stop_times.txt': stopTimes,
    });
    const upload = await uploadGtfs(t, authorization, group.id, second);
    const validated = await waitForJob(t, authorization, upload.json().id);
    expect(validated.report?.summary?.stops).toMatchObject({ changed: 1 });
    expect(validated.report?.summary?.routes).toMatchObject({ added: 0, removed: 1 });
    await api.post(`/gtfs/imports/${validated.id}/confirm`);
    expect((await waitForJob(t, authorization, validated.id, ['SUCCEEDED', 'FAILED'])).status).toBe('SUCCEEDED');

    const after = await systemsOf(group.id);
    expect(after.get('stop:BULLFROG')).toEqual({ ...before.get('stop:BULLFROG'), name: 'Bullfrog Terminal' });
    expect(after.get('route:AB')?.id).toBe(before.get('route:AB')?.id);
    expect(after.get('route:AAMV')).toMatchObject({ id: before.get('route:AAMV')?.id, active: false });
    const secondFeed = await activeFeedId(t, group.id);
    expect(secondFeed).not.toBe(firstFeed);
    // The job is SUCCEEDED once the new feed is live; the replaced one is dropped just after.
    const leftovers = async () =>
      (
        await t.db.$client.query(
          `select (select count(*)::int from gtfs_feeds where id = $1) as feeds, to_regclass($2) as partition`,
          [firstFeed, tripTimesPartition(firstFeed as number)],
        )
      ).rows[0];
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && (await leftovers()).feeds > 0) await new Promise((r) => setTimeout(r, 50));
    expect(await leftovers()).toEqual({ feeds: 0, partition: null });
  });

  it('links each stop to the routes that call at it and each route to its stops by direction, keeping what staff added', async () => {
    const group = await createMobilityGroup(t.db);
    const relatedInfo = async () => {
      const { rows } = await t.db.$client.query<{ external_ref: string; related_info: Record<string, unknown> }>(
        'select external_ref, related_info from mobility_systems where group_id = $1',
        [group.id],
      );
      return new Map(rows.map((row) => [row.external_ref, row.related_info]));
    };
    await importGtfs(t, authorization, group.id, gtfsFixture('google-sample'));
    const systems = await systemsOf(group.id);
    const id = (ref: string) => systems.get(ref)?.id;
    const first = await relatedInfo();
    expect(first.get('stop:STAGECOACH')).toEqual({
      showSchedules: true,
      routes: [id('route:STBA'), id('route:CITY')].sort((a, b) => (a ?? 0) - (b ?? 0)),
    });
    // AB1 runs Beatty Airport → Bullfrog (direction 0), AB2 back.
    expect(first.get('route:AB')).toEqual({
      showSchedules: true,
      routes: [],
      route: {
        id: id('route:AB'),
        stops: {
          MAIN: [id('stop:BEATTY_AIRPORT'), id('stop:BULLFROG')],
          OPPOSITE: [id('stop:BULLFROG'), id('stop:BEATTY_AIRPORT')],
        },
      },
    });

    // Staff note something on a stop and a route; a new version of the feed refreshes only the feed's part.
    await t.db.$client.query(
      `update mobility_systems set related_info = related_info || '{"note": "by hand", "routes": []}'::jsonb
        where group_id = $1 and external_ref in ('stop:STAGECOACH', 'route:AB')`,
      [group.id],
    );
    await importGtfs(t, authorization, group.id, gtfsFixture('google-sample'));
    const second = await relatedInfo();
    expect(second.get('stop:STAGECOACH')).toEqual({ ...first.get('stop:STAGECOACH'), note: 'by hand' });
    expect(second.get('route:AB')).toEqual({ ...first.get('route:AB'), note: 'by hand' });
  });

  it('interpolates the times of untimed intermediate stops between the timed ones around them', async () => {
    const group = await createMobilityGroup(t.db);
    const stopTimes = readFileSync(path.join(GTFS_FIXTURES, 'invalid', 'good_feed', 'stop_times.txt'), 'utf8').replace(
      'CITY1,6:12:00,6:14:00,NADAV',
      'CITY1,,,NADAV',
    );
    const job = await importGtfs(t, authorization, group.id, sampleFeedWith({ 'stop_times.txt': stopTimes }));
    expect(job.report?.issues.map((issue) => issue.code)).toContain('UNTIMED_STOPS_INTERPOLATED');
    const nadav = (await systemsOf(group.id)).get('stop:NADAV')?.id as number;
    const city = (await systemsOf(group.id)).get('route:CITY')?.id as number;
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/public-transport/schedule?stopId=${nadav}&routeId=${city}&direction=MAIN&date=2007-06-05`,
    });
    // Between NANAA (leaves 6:07) and DADAN (arrives 6:19), halfway.
    expect(response.json().routes[0].stopTimes[0]).toMatchObject({
      arrivalTime: '06:13:00',
      departureTime: '06:13:00',
    });
  });

  it('gives the same timetables whether a trip’s rows come together or scattered through the file', async () => {
    const stopTimes = readFileSync(path.join(GTFS_FIXTURES, 'invalid', 'good_feed', 'stop_times.txt'), 'utf8')
      .trim()
      .split(/\r?\n/)
      .map((line) => line.replace('CITY1,6:12:00,6:14:00,NADAV', 'CITY1,,,NADAV'));
    const [header, ...rows] = stopTimes;
    // Every trip's rows dealt out in turns, last stop first: no trip comes in one run, none in order.
    const scattered = [header, ...rows.filter((_, i) => i % 2 === 1).reverse(), ...rows.filter((_, i) => i % 2 === 0)];
    const timetables = async (lines: string[]) => {
      const group = await createMobilityGroup(t.db);
      const job = await importGtfs(t, authorization, group.id, sampleFeedWith({ 'stop_times.txt': lines.join('\n') }));
      expect(job.status).toBe('SUCCEEDED');
      const systems = await systemsOf(group.id);
      const answers: Record<string, unknown> = {};
      for (const [ref, system] of systems) {
        const query = ref.startsWith('stop:')
          ? `stopId=${system.id}`
          : `routeId=${system.id}&direction=${ref.endsWith('AB') ? 'OPPOSITE' : 'MAIN'}`;
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/public-transport/schedule?${query}&date=2007-06-05`,
        });
        // Ids differ between the two groups: the times, signs and order are what must not.
        answers[ref] = JSON.parse(response.body.replace(/"(id|trip)":\d+/g, '"$1":0'));
      }
      // The patterns the feed keeps are those its trips follow: none left over from a trip seen in pieces.
      const { rows } = await t.db.$client.query<{ kept: string[]; followed: string[] }>(
        `select array(select distinct p.pattern_ref from gtfs_pattern_stops p where p.feed_id = f.id order by 1) as kept,
                array(select distinct x.pattern_ref from gtfs_trip_times x where x.feed_id = f.id order by 1) as followed
           from gtfs_feeds f where f.group_id = $1 and f.status = 'ACTIVE'`,
        [group.id],
      );
      answers.patterns = rows[0].kept.length;
      expect(rows[0].kept).toEqual(rows[0].followed);
      return answers;
    };
    const together = await timetables(stopTimes);
    expect(JSON.stringify(together)).toContain('"departureTime":"06:13:00"');
    expect(await timetables(scattered)).toEqual(together);
  });

  it('cancels a validated import: nothing changes and it cannot be confirmed any more', async () => {
    const group = await createMobilityGroup(t.db);
    const upload = await uploadGtfs(t, authorization, group.id, gtfsFixture('google-sample'));
    const validated = await waitForJob(t, authorization, upload.json().id);
    expect(await stagedFeedsOf(validated.id)).toEqual([{ id: expect.any(Number), hasTable: true }]);
    const [staged] = await stagedFeedsOf(validated.id);
    const cancelled = await api.post(`/gtfs/imports/${validated.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED' });
    expectError(await api.post(`/gtfs/imports/${validated.id}/confirm`), 409, 'GTFS_JOB_NOT_CONFIRMABLE');
    expectError(await api.post(`/gtfs/imports/${validated.id}/cancel`), 409, 'GTFS_JOB_NOT_CANCELLABLE');
    expect(await activeFeedId(t, group.id)).toBeNull();
    // What the check loaded goes with the cancel.
    expect(await stagedFeedsOf(validated.id)).toEqual([]);
    const table = await t.db.$client.query('select to_regclass($1) as t', [tripTimesPartition(staged.id)]);
    expect(table.rows[0].t).toBeNull();
    expect(await findAuditRows(t.db, 'GTFS_IMPORT_CANCEL')).toContainEqual(
      expect.objectContaining({ record_id: String(validated.id) }),
    );
  });

  it('loads the feed while checking it: the confirm swaps in what the check staged', async () => {
    const group = await createMobilityGroup(t.db);
    const upload = await uploadGtfs(t, authorization, group.id, gtfsFixture('google-sample'));
    const validated = await waitForJob(t, authorization, upload.json().id);
    const [staged] = await stagedFeedsOf(validated.id);
    expect(staged).toEqual({ id: expect.any(Number), hasTable: true });
    // Staged but not live: no timetable reads it yet.
    expect(await activeFeedId(t, group.id)).toBeNull();
    await api.post(`/gtfs/imports/${validated.id}/confirm`);
    expect(await waitForJob(t, authorization, validated.id, ['SUCCEEDED', 'FAILED'])).toMatchObject({
      status: 'SUCCEEDED',
    });
    expect(await activeFeedId(t, group.id)).toBe(staged.id);
  });

  it('counts the rows read while stop_times load, then every row in each later step, and ends DONE with them all', async () => {
    const group = await createMobilityGroup(t.db);
    const upload = await uploadGtfs(t, authorization, group.id, gtfsFixture('caltrain'));
    const validated = await waitForJob(t, authorization, upload.json().id);
    const total = validated.rowsTotal as number;
    expect(total).toBeGreaterThan(1000);
    const { rows } = await t.db.$client.query<{ file_path: string }>(
      `update gtfs_import_jobs set status = 'IMPORTING', started_at = now(), rows_done = 0 where id = $1
       returning file_path`,
      [validated.id],
    );
    // As an import loads a file no check staged: read, load, index, swap.
    const progress: TImportProgress[] = [];
    await importFeed(t.db, {
      jobId: validated.id,
      groupId: group.id,
      filePath: rows[0].file_path,
      actor: { userId, impersonatorUserId: null, ip: null, userAgent: 'test' },
      expectedRows: total,
      signal: new AbortController().signal,
      onProgress: (step) => progress.push({ ...step }),
    });
    const reading = progress.filter((step) => step.phase === 'READING');
    const read = reading.map((step) => step.rowsDone);
    expect(new Set(read).size, 'the count grows while the feed is read').toBeGreaterThan(2);
    expect(read).toEqual([...read].sort((a, b) => a - b));
    expect(reading.every((step) => step.rowsTotal === total)).toBe(true);
    const later = progress.slice(reading.length);
    expect(later.map((step) => step.phase)).toEqual(expect.arrayContaining(['INDEXING', 'SWAPPING']));
    for (const step of later) expect(step, step.phase).toMatchObject({ rowsDone: total, rowsTotal: total });
    expect((await api.get(`/gtfs/imports/${validated.id}`)).json()).toMatchObject({
      status: 'SUCCEEDED',
      phase: 'DONE',
      rowsDone: total,
      rowsTotal: total,
    });
  });

  it('shows a check’s load after its read: every row read, then indexing and the systems', async () => {
    const group = await createMobilityGroup(t.db);
    const { rows } = await t.db.$client.query<{ id: number }>(
      `insert into gtfs_import_jobs (group_id, status, file_name, file_size) values ($1, 'VALIDATING', 'feed.zip', 1)
       returning id`,
      [group.id],
    );
    const progress: TImportProgress[] = [];
    const check = await checkFeed(t.db, {
      jobId: rows[0].id,
      groupId: group.id,
      filePath: path.join(GTFS_FIXTURES, 'caltrain-2016.zip'),
      today: 20_170_101,
      isStaging: true,
      signal: new AbortController().signal,
      onProgress: (step) => progress.push({ ...step }),
    });
    expect(check.staged).not.toBeNull();
    const reading = progress.filter((step) => step.phase === 'READING');
    const total = reading.at(-1)?.rowsDone as number;
    expect(total).toBeGreaterThan(1000);
    const later = progress.slice(reading.length);
    expect([...new Set(later.map((step) => step.phase))]).toEqual(['INDEXING', 'SYSTEMS']);
    for (const step of later) expect(step, step.phase).toMatchObject({ rowsDone: total, rowsTotal: total });
  });

  it('loads a user’s feed with its own dates, even the demo’s feed', async () => {
    const group = await createMobilityGroup(t.db);
    const job = await importGtfs(t, authorization, group.id, gtfsFixture('metro-porto'));
    expect(job).toMatchObject({ status: 'SUCCEEDED', feedEndDate: '2025-12-31', serviceYearsMoved: null });
  });

  it('a cancel while the check loads, or just after, leaves nothing of the feed', async () => {
    const group = await createMobilityGroup(t.db);
    const upload = await uploadGtfs(t, authorization, group.id, gtfsFixture('metro-porto'));
    // Whichever step the check is at when the cancel lands, the job ends CANCELLED and its rows go.
    expect((await api.post(`/gtfs/imports/${upload.json().id}/cancel`)).statusCode).toBe(200);
    const job = await waitForJob(t, authorization, upload.json().id, ['CANCELLED']);
    // A check that saw the cancel only at its last update drops its rows just after writing CANCELLED.
    await expect
      .poll(async () => {
        const { rows } = await t.db.$client.query(`select count(*)::int as n from gtfs_feeds where job_id = $1`, [
          job.id,
        ]);
        return rows[0].n;
      })
      .toBe(0);
    expect(await activeFeedId(t, group.id)).toBeNull();
  });

  it('keeps nothing loaded of a feed whose check ends with errors', async () => {
    const group = await createMobilityGroup(t.db);
    const stopTimes = [
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
      'AB1,8:00:00,8:00:00,BEATTY_AIRPORT,1',
      'AB1,8:10:00,8:15:00,NOWHERE,2',
    ].join('\n');
    const upload = await uploadGtfs(t, authorization, group.id, sampleFeedWith({ 'stop_times.txt': stopTimes }));
    const job = await waitForJob(t, authorization, upload.json().id);
    expect(job.status).toBe('INVALID');
    const { rows } = await t.db.$client.query(`select count(*)::int as n from gtfs_feeds where job_id = $1`, [job.id]);
    expect(rows[0].n).toBe(0);
  });

  it('lists unfinished jobs so the screen can follow them again', async () => {
    const group = await createMobilityGroup(t.db);
    const upload = await uploadGtfs(t, authorization, group.id, gtfsFixture('google-sample'));
    await waitForJob(t, authorization, upload.json().id);
    const unfinished = (await api.get('/gtfs/imports/unfinished')).json() as TGtfsImportJob[];
    expect(unfinished.map((job) => job.id)).toContain(upload.json().id);
  });

  it('answers 404 for an unknown job', async () => {
    expectError(await api.get('/gtfs/imports/999999'), 404, 'NOT_FOUND');
  });
});

describe('GTFS import atomicity', () => {
  /** A group with the sample feed live, and a second feed's job ready to run. */
  async function groupWithFeed() {
    const group = await createMobilityGroup(t.db);
    await importGtfs(t, authorization, group.id, gtfsFixture('google-sample'));
    const systems = await systemsOf(group.id);
    const bullfrog = systems.get('stop:BULLFROG')?.id as number;
    const upload = await uploadGtfs(t, authorization, group.id, gtfsFixture('metro-porto'));
    const job = await waitForJob(t, authorization, upload.json().id);
    return { group, job, bullfrog, feedId: await activeFeedId(t, group.id) };
  }

  const actor = () => ({ userId, impersonatorUserId: null, ip: null, userAgent: 'test' });

  it('a cancel in the middle of the load leaves the previous feed live and nothing of the new one', async () => {
    const { group, job, bullfrog, feedId } = await groupWithFeed();
    const { rows } = await t.db.$client.query<{ file_path: string }>(
      'select file_path from gtfs_import_jobs where id = $1',
      [job.id],
    );
    // As an import job would have it: the row IMPORTING, so no sweep takes its feed for a leftover.
    await t.db.$client.query(`update gtfs_import_jobs set status = 'IMPORTING', started_at = now() where id = $1`, [
      job.id,
    ]);
    // READING: once rows are read, while the tables read before stop_times go in beside the stop_times.
    for (const phase of ['READING', 'INDEXING', 'SYSTEMS', 'SWAPPING'] as const) {
      const controller = new AbortController();
      await expect(
        importFeed(t.db, {
          jobId: job.id,
          groupId: group.id,
          filePath: rows[0].file_path,
          actor: actor(),
          expectedRows: null,
          signal: controller.signal,
          onProgress: (progress) => {
            if (progress.phase === phase && progress.rowsDone > 0) controller.abort();
          },
        }),
      ).rejects.toThrow();
      expect(await activeFeedId(t, group.id)).toBe(feedId);
      const leftovers = await t.db.$client.query(
        `select count(*)::int as feeds from gtfs_feeds where group_id = $1 and status <> 'ACTIVE'`,
        [group.id],
      );
      expect(leftovers.rows[0].feeds, phase).toBe(0);
      const tables = await t.db.$client.query(
        `select count(*)::int as n from pg_class where relname ~ '^gtfs_trip_times_f[0-9]+$'
           and relname <> $1 and not relispartition`,
        [tripTimesPartition(feedId as number)],
      );
      expect(tables.rows[0].n, phase).toBe(0);
      const orphans = await t.db.$client.query<{ n: number }>(
        `select (select count(*) from gtfs_stops where feed_id not in (select id from gtfs_feeds))
              + (select count(*) from gtfs_trips where feed_id not in (select id from gtfs_feeds))
              + (select count(*) from gtfs_shapes where feed_id not in (select id from gtfs_feeds))
              + (select count(*) from gtfs_pattern_stops where feed_id not in (select id from gtfs_feeds)) as n`,
      );
      expect(Number(orphans.rows[0].n), phase).toBe(0);
    }
    const answer = await scheduleAt(bullfrog, '2007-06-05');
    expect(answer.routes.length).toBeGreaterThan(0);
    expect((await systemsOf(group.id)).has('stop:5726')).toBe(false);
  });

  it('a repeated stop_sequence the first read could not see (rows of the trip apart) fails the import, not the feed', async () => {
    const group = await createMobilityGroup(t.db);
    const stopTimes = [
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
      'AB1,8:00:00,8:00:00,BEATTY_AIRPORT,1',
      'AB2,12:05:00,12:05:00,BULLFROG,1',
      'AB2,12:15:00,12:15:00,BEATTY_AIRPORT,2',
      'AB1,8:10:00,8:15:00,BULLFROG,1',
    ].join('\n');
    const upload = await uploadGtfs(t, authorization, group.id, sampleFeedWith({ 'stop_times.txt': stopTimes }));
    const validated = await waitForJob(t, authorization, upload.json().id);
    expect(validated.status).toBe('VALIDATED');
    await api.post(`/gtfs/imports/${validated.id}/confirm`);
    const failed = await waitForJob(t, authorization, validated.id, ['SUCCEEDED', 'FAILED']);
    expect(failed).toMatchObject({ status: 'FAILED', failureCode: 'FEED_INVALID' });
    expect(failed.report?.issues.map((issue) => issue.code)).toContain('DUPLICATE_STOP_SEQUENCE');
    expect(await activeFeedId(t, group.id)).toBeNull();
    // The job is FAILED a moment before its user is told (a failure is only known once it is recorded).
    await expect
      .poll(() => findNotifications(t.db, userId, 'GTFS_IMPORT_FAILED'), { timeout: 3000 })
      .toContainEqual(
        expect.objectContaining({ params: expect.objectContaining({ group: group.name, error: 'FEED_INVALID' }) }),
      );
  });

  it('a server that died mid-import: pg-boss gives the job up and it ends FAILED (INTERRUPTED), the feed kept', async () => {
    const { group, job, bullfrog, feedId } = await groupWithFeed();
    // What a killed process leaves: its import job claimed and no longer beating, the row IMPORTING,
    // a LOADING feed and its table.
    const dead = await standInForDeadProcess(t);
    await dead.claim(importGtfsFeed, { importJobId: job.id, stage: 'import' }, { groupId: `group-${group.id}` });
    await t.db.$client.query(`update gtfs_import_jobs set status = 'IMPORTING', confirmed_by = $2 where id = $1`, [
      job.id,
      userId,
    ]);
    const { rows } = await t.db.$client.query<{ id: number }>(
      `insert into gtfs_feeds (group_id, job_id, status) values ($1, $2, 'LOADING') returning id`,
      [group.id, job.id],
    );
    await t.db.$client.query(`create table ${tripTimesPartition(rows[0].id)} (like gtfs_trip_times)`);
    await dead.die();
    // This process's supervision finds the heartbeat stale, and the job ends as its queue says.
    expect(await waitForJob(t, authorization, job.id)).toMatchObject({ status: 'FAILED', failureCode: 'INTERRUPTED' });
    await waitForJobs(t, [endInterruptedGtfsJob.name]);
    await expect
      .poll(() => findNotifications(t.db, userId, 'GTFS_IMPORT_FAILED'))
      .toContainEqual(
        expect.objectContaining({ params: expect.objectContaining({ group: group.name, error: 'INTERRUPTED' }) }),
      );
    expect(await activeFeedId(t, group.id)).toBe(feedId);
    const left = await t.db.$client.query(
      `select to_regclass($1) as partition, (select count(*)::int from gtfs_feeds
       where id = $2) as feeds`,
      [tripTimesPartition(rows[0].id), rows[0].id],
    );
    expect(left.rows[0]).toEqual({ partition: null, feeds: 0 });
    expect((await scheduleAt(bullfrog, '2007-06-05')).routes.length).toBeGreaterThan(0);
  });
});

describe('demo network', () => {
  it('imports again a demo feed whose first import a restart interrupted', async () => {
    const group = await createMobilityGroup(t.db, { name: 'Metro do Porto' });
    await t.db.$client.query(
      `insert into gtfs_import_jobs (group_id, status, file_name, file_size, is_demo, failure_code, finished_at)
       values ($1, 'FAILED', $2, 1, true, 'INTERRUPTED', now())`,
      [group.id, path.basename(DEMO_FEED_PATH)],
    );
    await resumeDemoImport(t.db, t.app.jobs, gtfsUploadDir(UPLOAD_DIR));
    const { rows } = await t.db.$client.query<{ id: number }>(
      `select id from gtfs_import_jobs where group_id = $1 and status <> 'FAILED'`,
      [group.id],
    );
    expect(rows).toHaveLength(1);
    const done = await waitForJob(t, authorization, rows[0].id, ['SUCCEEDED', 'FAILED']);
    expect(done.status).toBe('SUCCEEDED');
    const trindade = (await systemsOf(group.id)).get('stop:5726');
    expect(trindade).toMatchObject({ name: 'Trindade', active: true });
    // The feed ended on 31-12-2025: its dates moved by whole years, so a newcomer sees today's trains.
    const today = new Date().toISOString().slice(0, 10);
    const yearFromToday = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
    expect(done.serviceYearsMoved).toBeGreaterThanOrEqual(1);
    expect(done.feedStartDate! <= today && done.feedEndDate! >= yearFromToday).toBe(true);
    const schedules = await Promise.all([today, yearFromToday].map((date) => scheduleAt(trindade!.id, date)));
    for (const schedule of schedules) expect(schedule.routes.length).toBeGreaterThan(0);
    // Once loaded, another sweep queues nothing more.
    await resumeDemoImport(t.db, t.app.jobs, gtfsUploadDir(UPLOAD_DIR));
    const again = await t.db.$client.query(`select count(*)::int as n from gtfs_import_jobs where group_id = $1`, [
      group.id,
    ]);
    expect(again.rows[0].n).toBe(2);
  });
});
