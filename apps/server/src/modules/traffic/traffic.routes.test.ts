import type { TTrafficCollection, TTrafficFeature } from '@mip/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { signInNewUser } from '../../../test/factories.ts';
import { startFeedServer, WAZE_NYC_FEED } from '../../../test/feed-server.ts';
import { waitForJobs } from '../../../test/jobs.ts';
import { createTestApp, useTestApp } from '../../../test/test-app.ts';
import { pollTraffic } from '../../jobs/traffic.ts';
import { pollTrafficFeed } from './traffic.service.ts';

// This file polls by hand; the background polls would race it.
const t = useTestApp({ TRAFFIC_POLLING: 'false' });
let feed: Awaited<ReturnType<typeof startFeedServer>>;
let admin: { authorization: string; user: { id: number } };
let layers: { authorization: string };
let nobody: { authorization: string };

beforeAll(async () => {
  feed = await startFeedServer();
  admin = await signInNewUser(t, { permissions: ['WRITE_CONFIGURATION'] });
  layers = await signInNewUser(t, { permissions: ['MANAGE_LAYERS'] });
  nobody = await signInNewUser(t, { permissions: ['READ_USER'] });
});
afterAll(() => feed.close());
beforeEach(() => feed.answer({}));

function configure(pairs: Record<string, string>) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/configuration/',
    headers: { authorization: admin.authorization },
    payload: { pairs: Object.entries(pairs).map(([name, value]) => ({ name, value })) },
  });
}

async function configureFeed(url: string, isEnabled = true) {
  const response = await configure({ 'app.waze.enabled': String(isEnabled), 'waze.feedUrl': JSON.stringify(url) });
  expect(response.statusCode, response.body).toBe(200);
}

const refresh = (authorization = layers.authorization) =>
  t.app.inject({ method: 'POST', url: '/api/waze/refresh', headers: { authorization } });

async function readTraffic(headers: Record<string, string> = {}) {
  return t.app.inject({ url: '/api/waze/traffic/', headers });
}

async function loadNycSnapshot() {
  feed.answer({ body: WAZE_NYC_FEED });
  await configureFeed(feed.url);
  const response = await refresh();
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const countBy = <T>(items: T[], key: (item: T) => string | number) =>
  items.reduce<Record<string, number>>((counts, item) => {
    counts[key(item)] = (counts[key(item)] ?? 0) + 1;
    return counts;
  }, {});

describe('the Waze configuration', () => {
  it('publishes waze_enabled but keeps the feed URL (it holds the access key) on the server', async () => {
    await configureFeed('https://feeds.example/waze?key=secret');
    const pairs = (await t.app.inject({ url: '/api/configuration/public/list' })).json() as { name: string }[];
    expect(pairs.map((pair) => pair.name)).toContain('app.waze.enabled');
    expect(JSON.stringify(pairs)).not.toContain('secret');
  });

  it('takes an empty feed URL (none) and refuses one that is not http(s)', async () => {
    expect((await configure({ 'waze.feedUrl': '""' })).statusCode).toBe(200);
    expectFieldError(
      await configure({ 'waze.feedUrl': '"ftp://feeds.example/waze"' }),
      'pairs[0].value',
      'INVALID_URL',
    );
    expectFieldError(await configure({ 'waze.feedUrl': '"not a url"' }), 'pairs[0].value', 'INVALID_URL');
  });
});

describe('GET /api/waze/traffic/', () => {
  it('answers an empty collection to anyone while traffic is off', async () => {
    await loadNycSnapshot();
    await configureFeed(feed.url, false);
    const response = await readTraffic();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ type: 'FeatureCollection', features: [], updatedAt: null });
  });

  it("answers the NYC snapshot with the feed's facts, as GeoJSON lines", async () => {
    const status = await loadNycSnapshot();
    expect(status).toMatchObject({
      isEnabled: true,
      isConfigured: true,
      jamCount: 2117,
      skippedCount: 0,
      isFailing: false,
      feedTime: '2019-03-22T21:39:00.000Z',
    });
    const response = await readTraffic();
    expect(response.statusCode).toBe(200);
    const collection = response.json() as TTrafficCollection;
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.updatedAt).toEqual(expect.any(String));
    const jams = collection.features;
    expect(jams).toHaveLength(2117);
    expect(countBy(jams, (jam) => jam.properties.level)).toEqual({ 1: 86, 2: 471, 3: 1042, 4: 425, 5: 93 });
    const closed = jams.filter((jam) => jam.properties.level === 5);
    expect(closed.every((jam) => jam.properties.delay === -1 && jam.properties.speedKmh === 0)).toBe(true);
    expect(jams.filter((jam) => jam.properties.street === null)).toHaveLength(21);

    const longest = jams.reduce((a, b) => (b.properties.length > a.properties.length ? b : a));
    expect(longest.id).toBe(419461676);
    expect(longest.properties).toMatchObject({
      uuid: 419461676,
      street: 'I-495 E / Long Island Expwy',
      length: 13240,
      delay: 916,
      level: 3,
    });
    expect(longest.geometry.type).toBe('LineString');
    expect(longest.geometry.coordinates.length).toBeGreaterThan(1);
    for (const [longitude, latitude] of longest.geometry.coordinates) {
      expect(longitude).toBeGreaterThan(-75);
      expect(longitude).toBeLessThan(-72);
      expect(latitude).toBeGreaterThan(40);
      expect(latitude).toBeLessThan(42);
    }
  });

  it('keeps the first jam exactly as the feed gives it: {x,y} become [x,y], m/s and km/h both', async () => {
    await loadNycSnapshot();
    const first = JSON.parse(WAZE_NYC_FEED).jams[0];
    const jams = ((await readTraffic()).json() as TTrafficCollection).features;
    const jam = jams.find((feature) => feature.id === first.uuid) as TTrafficFeature;
    expect(jam.properties).toEqual({
      uuid: first.uuid,
      street: first.street,
      city: first.city,
      speed: first.speed,
      speedKmh: first.speedKMH,
      length: first.length,
      delay: first.delay,
      level: first.level,
      roadType: first.roadType,
      pubMillis: first.pubMillis,
    });
    expect(jam.geometry.coordinates).toEqual(first.line.map((point: { x: number; y: number }) => [point.x, point.y]));
  });

  it('carries an ETag that changes with each snapshot, and answers 304 to a cache that holds it', async () => {
    await loadNycSnapshot();
    const first = await readTraffic();
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const again = await readTraffic({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await refresh();
    const next = await readTraffic({ 'if-none-match': etag });
    expect(next.statusCode).toBe(200);
    expect(next.headers.etag).not.toBe(etag);
  });
});

describe('feed failures', () => {
  const brokenFeeds = [
    { what: 'answers broken JSON', answer: { body: '{"jams": [' }, code: 'FEED_INVALID_JSON' },
    { what: 'answers an error status', answer: { status: 503, body: 'down' }, code: 'FEED_HTTP_ERROR' },
    { what: 'answers JSON that is not a Waze feed', answer: { body: '{"hello": "world"}' }, code: 'FEED_INVALID' },
    {
      what: 'lists jams that are not a list',
      answer: { body: '{"startTimeMillis": 1, "jams": 3}' },
      code: 'FEED_INVALID',
    },
    {
      what: 'lists only jams without a line',
      answer: { body: '{"jams": [{"uuid": 1, "level": 2, "length": 5, "delay": 3, "speed": 1}]}' },
      code: 'FEED_INVALID',
    },
  ];

  for (const { what, answer, code } of brokenFeeds) {
    it(`keeps the previous snapshot when the feed ${what} (${code})`, async () => {
      await loadNycSnapshot();
      const before = await readTraffic();
      feed.answer(answer);
      const response = await refresh();
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ isFailing: true, lastFailureCode: code, jamCount: 2117 });
      expect(response.json().lastFailureDetail).toEqual(expect.any(String));
      const after = await readTraffic();
      expect(after.headers.etag).toBe(before.headers.etag);
      expect((after.json() as TTrafficCollection).features).toHaveLength(2117);
    });
  }

  it('keeps the previous snapshot when the feed is unreachable', async () => {
    await loadNycSnapshot();
    await configureFeed('http://127.0.0.1:9/feed.json');
    const response = await refresh();
    expect(response.json()).toMatchObject({ lastFailureCode: 'FEED_UNREACHABLE', jamCount: 2117 });
    expect(((await readTraffic()).json() as TTrafficCollection).features).toHaveLength(2117);
  });

  it('gives up on a feed that does not answer in time', async () => {
    await loadNycSnapshot();
    feed.answer({ hang: true });
    const result = await pollTrafficFeed(t.db, { isScheduled: false, limits: { timeoutMs: 300, maxBytes: 1e6 } });
    expect(result).toMatchObject({ outcome: 'FAILED', code: 'FEED_UNREACHABLE' });
    expect(((await readTraffic()).json() as TTrafficCollection).features).toHaveLength(2117);
  });

  it('stops reading a huge feed, announced or streamed, at the size limit', async () => {
    await loadNycSnapshot();
    const limits = { timeoutMs: 5000, maxBytes: 100_000 };
    feed.answer({ body: WAZE_NYC_FEED });
    expect(await pollTrafficFeed(t.db, { isScheduled: false, limits })).toMatchObject({
      outcome: 'FAILED',
      code: 'FEED_TOO_LARGE',
    });
    feed.answer({ body: 'x'.repeat(10_000), repeat: 100_000 });
    expect(await pollTrafficFeed(t.db, { isScheduled: false, limits })).toMatchObject({
      outcome: 'FAILED',
      code: 'FEED_TOO_LARGE',
    });
    const status = (await t.app
      .inject({ url: '/api/waze/status', headers: { authorization: layers.authorization } })
      .then((r) => r.json())) as {
      lastFailureCode: string;
      lastSuccessAt: string;
      lastFailureAt: string;
    };
    expect(status.lastFailureCode).toBe('FEED_TOO_LARGE');
    expect(Date.parse(status.lastFailureAt)).toBeGreaterThanOrEqual(Date.parse(status.lastSuccessAt));
    expect(((await readTraffic()).json() as TTrafficCollection).features).toHaveLength(2117);
  });

  it('replaces the snapshot with no jams when a Waze feed leaves its (empty) jam list out', async () => {
    await loadNycSnapshot();
    feed.answer({ body: JSON.stringify({ startTimeMillis: 1, endTimeMillis: 2, alerts: [] }) });
    expect((await refresh()).json()).toMatchObject({ jamCount: 0, isFailing: false });
    expect(((await readTraffic()).json() as TTrafficCollection).features).toEqual([]);
  });

  it('skips the jams it cannot draw and keeps the others', async () => {
    const good = JSON.parse(WAZE_NYC_FEED).jams[0];
    feed.answer({
      body: JSON.stringify({ jams: [good, { ...good, uuid: 2, line: [{ x: 500, y: 0 }] }, { uuid: 3 }] }),
    });
    await configureFeed(feed.url);
    expect((await refresh()).json()).toMatchObject({ jamCount: 1, skippedCount: 2, isFailing: false });
  });
});

describe('polling', () => {
  it('reads the feed once when two server processes poll at the same moment', async () => {
    await loadNycSnapshot();
    await t.db.$client.query('update traffic_feed_status set last_attempt_at = null');
    feed.answer({ body: WAZE_NYC_FEED, delayMs: 300 });
    const asked = feed.requests();
    const outcomes = await Promise.all([
      pollTrafficFeed(t.db, { isScheduled: true }),
      pollTrafficFeed(t.db, { isScheduled: true }),
    ]);
    expect(outcomes.map((result) => result.outcome).sort()).toEqual(['BUSY', 'UPDATED']);
    expect(feed.requests() - asked).toBe(1);
    // The next process to wake within the interval finds the round done.
    expect(await pollTrafficFeed(t.db, { isScheduled: true })).toEqual({ outcome: 'NOT_DUE' });
  });

  it('does not poll while traffic is off or no URL is configured', async () => {
    await configure({ 'app.waze.enabled': 'false', 'waze.feedUrl': JSON.stringify(feed.url) });
    expect(await pollTrafficFeed(t.db, { isScheduled: true })).toEqual({ outcome: 'DISABLED' });
    await configure({ 'app.waze.enabled': 'true', 'waze.feedUrl': '""' });
    expect(await pollTrafficFeed(t.db, { isScheduled: true })).toEqual({ outcome: 'DISABLED' });
    expectError(await refresh(), 409, 'TRAFFIC_FEED_NOT_CONFIGURED');
  });

  it('is a job every 2 minutes (Lisbon time), worked by the processes that poll', async () => {
    expect(await t.app.jobs.boss.getSchedule(pollTraffic.name)).toMatchObject({
      cron: '*/2 * * * *',
      timezone: 'Europe/Lisbon',
    });
    await configureFeed(feed.url);
    feed.answer({ body: WAZE_NYC_FEED });
    await t.db.$client.query('update traffic_feed_status set last_attempt_at = null');
    const asked = feed.requests();
    // Another server process on this database, one that polls (this file's app does not).
    const poller = await createTestApp({}, { database: t.db });
    try {
      await t.app.jobs.send(pollTraffic, {});
      await waitForJobs(t, [pollTraffic.name]);
    } finally {
      await poller.close();
    }
    expect(feed.requests() - asked).toBe(1);
    const status = (
      await t.app.inject({ url: '/api/waze/status', headers: { authorization: admin.authorization } })
    ).json();
    expect(status).toMatchObject({ jamCount: 2117, isFailing: false });
  });
});

describe('GET /api/waze/status and POST /api/waze/refresh', () => {
  it('are for staff who manage layers or the configuration', async () => {
    expectError(await t.app.inject({ url: '/api/waze/status' }), 401, 'UNAUTHORIZED');
    expectError(
      await t.app.inject({ url: '/api/waze/status', headers: { authorization: nobody.authorization } }),
      403,
      'FORBIDDEN',
    );
    expectError(await refresh(nobody.authorization), 403, 'FORBIDDEN');
    expect(
      (await t.app.inject({ url: '/api/waze/status', headers: { authorization: admin.authorization } })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/waze/status', headers: { authorization: layers.authorization } })).statusCode,
    ).toBe(200);
  });

  it('audits a refresh with its outcome and who asked', async () => {
    await loadNycSnapshot();
    const rows = await findAuditRows(t.db, 'REFRESH', 'traffic_feed');
    expect(rows.at(-1)).toMatchObject({ after: { outcome: 'UPDATED', jamCount: 2117 } });
    expect(rows.at(-1)?.user_id).toEqual(expect.any(Number));
  });
});
