import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { openDatabase, type TDatabase } from '@mip/server/src/db/database.ts';
import { findFreePort, readRunningEmbeddedUrl } from '@mip/server/src/db/embedded.ts';
import type { TFigureGroup, TFigureGroupResult } from './figures.ts';
import { loadUrl, median, readLoadOptions, type TLoadOptions, type TLoadResult } from './http-throughput.ts';
import { ensurePlatform } from './platform-server.ts';
import { progress } from './processes.ts';

/** Issue 5: at least half of nginx's requests per second for the same bytes, and p95 ≤ 30 ms. */
export const MAP_RATIO_GOAL = 0.5;
export const MAP_P95_GOAL_MS = 30;
const STOP_COUNT = 9_000;
const ROUTE_COUNT = 1_000;
const MAP_PATH = '/api/map/';
/** What a browser sends; gzip rather than br so nginx (no brotli module in Debian) serves the very same bytes. */
const ACCEPT = { 'accept-encoding': 'gzip' };

/**
 * 10,000 systems around Porto in two groups: 9,000 stops, and 1,000 routes of 40 positions each
 * (a tram line's shape), inserted in the database in two statements.
 */
async function loadSyntheticSystems(db: TDatabase): Promise<void> {
  const client = db.$client;
  const { rows } = await client.query<{ stops: number; routes: number }>(
    `with owner as (select min(id) as id from entities where parent_id is null),
          stops as (insert into mobility_system_groups (name, color, entity_id)
                    select 'Bench stops', '#0a6c74', id from owner returning id),
          routes as (insert into mobility_system_groups (name, color, entity_id)
                     select 'Bench routes', '#c2255c', id from owner returning id)
     select (select id from stops) as stops, (select id from routes) as routes`,
  );
  const { stops, routes } = rows[0];
  await client.query(
    `insert into mobility_systems (name, system_type, group_id, latitude, longitude, geometry,
                                   min_latitude, max_latitude, min_longitude, max_longitude)
     select 'Paragem ' || n, 'STOP', $1, lat, lng, jsonb_build_object('type', 'Point', 'coordinates', jsonb_build_array(lng, lat)),
            lat, lat, lng, lng
       from (select n, 41.10 + (hashint4(n) & 65535) / 655350.0 as lat, -8.70 + (hashint4(n + 7) & 65535) / 327675.0 as lng
               from generate_series(1, $2::int) n) p`,
    [stops, STOP_COUNT],
  );
  await client.query(
    `insert into mobility_systems (name, system_type, group_id, geometry)
     select 'Linha ' || n, 'ROUTE', $1,
            jsonb_build_object('type', 'LineString', 'coordinates',
              (select jsonb_agg(jsonb_build_array(round((-8.70 + n * 0.0002 + k * 0.001)::numeric, 6),
                                                  round((41.10 + k * 0.0008)::numeric, 6)) order by k)
                 from generate_series(0, 39) k))
       from generate_series(1, $2::int) n`,
    [routes, ROUTE_COUNT],
  );
}

/** Waits until the map answer holds the systems just loaded (the change reaches the cache by notification). */
async function waitForMap(baseUrl: string, features: number): Promise<string> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const body = await (await fetch(`${baseUrl}${MAP_PATH}`, { headers: { 'accept-encoding': 'identity' } })).text();
    // A group drawn from tiles sends no features but says how many systems it draws.
    const count = (JSON.parse(body) as { systemsCount?: number; geometry: { features: unknown[] } }[]).reduce(
      (sum, item) => sum + (item.systemsCount ?? item.geometry.features.length),
      0,
    );
    if (count >= features) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${MAP_PATH} never held ${features} features`);
}

/**
 * The time one request takes, one at a time: what a visitor waits for. Under load (10 connections)
 * the time is mostly queueing behind the others, reported beside it as mapLoadedP95Ms.
 */
async function oneVisitorP95(url: string, options: TLoadOptions): Promise<number> {
  const result = await loadUrl(url, { ...options, connections: 1 }, ACCEPT);
  progress(`one visitor at a time: p95 ${result.p95Ms} ms`);
  return result.p95Ms;
}

const nginxBinary = () => {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx']) {
    try {
      execFileSync(candidate, ['-v'], { stdio: 'ignore' });
      return candidate;
    } catch {
      // not there
    }
  }
  return null;
};

/**
 * nginx with one worker (the platform is one Node process) serving the bytes as a static file, the gzip
 * copy beside it (gzip_static), from a configuration of its own in a temporary folder.
 */
async function startNginx(binary: string, body: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mip-bench-nginx-'));
  // Workers run as an unprivileged user when started as root: the folder must be readable to them.
  chmodSync(dir, 0o755);
  const root = path.join(dir, 'www');
  execFileSync('mkdir', ['-p', path.join(root, 'api', 'map')]);
  const file = path.join(root, 'api', 'map', 'index.json');
  writeFileSync(file, body);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 6 }));
  execFileSync('chmod', ['-R', 'a+rX', root]);
  const port = await findFreePort();
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  sendfile on; tcp_nopush on; keepalive_requests 1000000;
  types { application/json json; }
  server {
    listen 127.0.0.1:${port};
    root ${root};
    index index.json;
    gzip_static on;
    location / { add_header Cache-Control "public, max-age=15"; etag on; }
  }
}
`,
  );
  const child: ChildProcess = spawn(binary, ['-e', `${dir}/error.log`, '-p', dir, '-c', `${dir}/nginx.conf`], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${baseUrl}${MAP_PATH}`);
      if ((await response.text()) === body) return { baseUrl, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`nginx did not serve the map file: ${output}`);
}

/**
 * GET /api/map/ with 10,000 systems (and the 2,000 live events of the events group, run before): requests per second and p95 of the platform (answer cached in
 * memory, compressed once per change) against nginx serving the same gzip bytes as a static file,
 * rounds alternating between the two. Incidents join the answer when they exist.
 */
export const mapFigures: TFigureGroup = {
  name: 'map',
  run: async (context): Promise<TFigureGroupResult> => {
    const platform = await ensurePlatform(context);
    const db = openDatabase(await readRunningEmbeddedUrl(context.dataDir, 'mip'), { max: 2 });
    let body: string;
    try {
      progress(`creating ${STOP_COUNT} stops and ${ROUTE_COUNT} routes…`);
      await loadSyntheticSystems(db);
      body = await waitForMap(platform.baseUrl, STOP_COUNT + ROUTE_COUNT);
    } finally {
      await db.$client.end();
    }
    const compressed = await fetch(`${platform.baseUrl}${MAP_PATH}`, { headers: ACCEPT });
    const mapGzipBytes = Number(compressed.headers.get('content-length') ?? 0);
    await compressed.arrayBuffer();
    const incidentParts = (JSON.parse(body) as { type: string; geometry: { features: unknown[] } }[])
      .filter((item) => item.type !== 'GROUP')
      .reduce((sum, item) => sum + item.geometry.features.length, 0);
    progress(`map answer: ${body.length} bytes, ${mapGzipBytes} gzipped, ${incidentParts} incident parts`);

    const options = readLoadOptions();
    const platformUrl = `${platform.baseUrl}${MAP_PATH}`;
    const binary = nginxBinary();
    if (!binary) {
      progress('nginx is not installed (Debian: apt-get install nginx): skipping the comparison with it');
      const alone = await loadUrl(platformUrl, options, ACCEPT);
      const single = await oneVisitorP95(platformUrl, options);
      return {
        figures: {
          mapRps: Math.round(alone.rps),
          mapP95Ms: single,
          mapBytes: body.length,
          mapGzipBytes,
          mapIncidentParts: incidentParts,
        },
        goals: { mapP95Ms: { atMost: MAP_P95_GOAL_MS } },
      };
    }
    const nginx = await startNginx(binary, body);
    try {
      const rounds: { real: TLoadResult; nginx: TLoadResult }[] = [];
      for (let round = 1; round <= options.rounds; round++) {
        const real = await loadUrl(platformUrl, options, ACCEPT);
        const baseline = await loadUrl(`${nginx.baseUrl}${MAP_PATH}`, options, ACCEPT);
        progress(
          `round ${round}/${options.rounds}: platform ${Math.round(real.rps)} requests/s (p95 ${real.p95Ms} ms), ` +
            `nginx ${Math.round(baseline.rps)} requests/s (p95 ${baseline.p95Ms} ms)`,
        );
        rounds.push({ real, nginx: baseline });
      }
      const failed = rounds.reduce(
        (sum, r) => sum + r.real.non2xx + r.real.errors + r.nginx.non2xx + r.nginx.errors,
        0,
      );
      if (failed > 0) progress(`warning: ${failed} requests failed or answered other than 2xx`);
      const single = await oneVisitorP95(platformUrl, options);
      return {
        figures: {
          mapRps: Math.round(median(rounds.map((r) => r.real.rps))),
          mapP95Ms: single,
          mapLoadedP95Ms: median(rounds.map((r) => r.real.p95Ms)),
          mapNginxRps: Math.round(median(rounds.map((r) => r.nginx.rps))),
          mapNginxP95Ms: median(rounds.map((r) => r.nginx.p95Ms)),
          mapToNginxRatio: Math.round(median(rounds.map((r) => r.real.rps / r.nginx.rps)) * 1000) / 1000,
          mapBytes: body.length,
          mapGzipBytes,
          mapIncidentParts: incidentParts,
          mapFailedRequests: failed,
        },
        goals: { mapP95Ms: { atMost: MAP_P95_GOAL_MS }, mapToNginxRatio: { atLeast: MAP_RATIO_GOAL } },
      };
    } finally {
      await nginx.stop();
    }
  },
};
