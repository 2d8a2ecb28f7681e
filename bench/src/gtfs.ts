import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateRepeated, writeZip } from '@mip/server/test/zip-writer.ts';
import type { TGtfsImportJob, TMobilitySystemListItem, TPagedList } from '@mip/shared';
import type { TFigureGroup } from './figures.ts';
import { readMembers, writeReplicatedMetroFeed } from './gtfs-feeds.ts';
import { percentile } from './http-throughput.ts';
import { measureP95, signInAsAdmin } from './identity-search.ts';
import { startPlatform } from './platform-server.ts';
import { progress, REPO_ROOT } from './processes.ts';

/** Metro do Porto has 64,285 stop_times: 16 copies make a feed past a million. */
const COPIES = 16;
const SCHEDULE_DATE = '2025-04-14';
const NODE_GTFS_SCRIPT = path.join(REPO_ROOT, 'bench', 'src', 'gtfs-node-gtfs.ts');
/** The API's p95 while a feed is checked and imported, or a zip bomb checked: the import must not hold it up. */
const API_DURING_IMPORT_GOAL_MS = 50;

/**
 * Times GET `url`, one request after another, until `work` settles: the p95
 * in milliseconds of what a user of the API waits meanwhile.
 */
async function measureP95While(url: string, work: Promise<unknown>): Promise<number> {
  let isDone = false;
  work.then(
    () => {
      isDone = true;
    },
    () => {
      isDone = true;
    },
  );
  const latencies: number[] = [];
  while (!isDone) {
    const startedAt = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    latencies.push(performance.now() - startedAt);
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Math.round(percentile(Float64Array.from(latencies).sort(), 0.95) * 100) / 100;
}

/** The tester's zip bomb, bigger: the sample feed's files with a stop_times.txt of 1 GB of NUL bytes after its header. */
async function writeZipBomb(zipPath: string, sampleZip: string): Promise<void> {
  const files = await readMembers(sampleZip);
  const header = Buffer.from('trip_id,arrival_time,departure_time,stop_id,stop_sequence\n');
  const flood = await deflateRepeated('stop_times.txt', Buffer.alloc(1024 * 1024), 1024, header);
  const others = [...files].filter(([name]) => name !== 'stop_times.txt');
  writeFileSync(zipPath, writeZip([...others.map(([name, text]) => ({ name, data: Buffer.from(text) })), flood]));
}

/** node-gtfs importing the feed into an SQLite file, in a child process; answers its own timing. */
function runNodeGtfs(zipPath: string, sqlitePath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [NODE_GTFS_SCRIPT, zipPath, sqlitePath], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', () => {});
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = output.trim().split('\n').pop() ?? '';
      try {
        if (code !== 0) throw new Error(`exit ${code}`);
        resolve((JSON.parse(line) as { ms: number }).ms);
      } catch (error) {
        reject(new Error(`node-gtfs failed (${String(error)}): ${output.slice(-500)}`));
      }
    });
  });
}

/** The peak resident memory of a process so far (VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

export const gtfsFigures: TFigureGroup = {
  name: 'gtfs',
  run: async (context) => {
    if (!context.platform) {
      progress('starting the platform (its first start loads the demo network)…');
      context.platform = (await startPlatform(context.dataDir, 180_000)).server;
    }
    const platform = context.platform;
    if (!platform.child.pid) throw new Error('the platform did not start');
    const base = platform.baseUrl;
    const authorization = await signInAsAdmin(base);
    const call = async <T>(method: string, url: string, body?: BodyInit, type?: string): Promise<T> => {
      const response = await fetch(`${base}/api${url}`, {
        method,
        body,
        headers: { authorization, ...(type ? { 'content-type': type } : {}) },
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
      return JSON.parse(text) as T;
    };
    const waitFor = async (jobId: number, statuses: string[]): Promise<TGtfsImportJob> => {
      for (;;) {
        const job = await call<TGtfsImportJob>('GET', `/gtfs/imports/${jobId}`);
        if (statuses.includes(job.status)) return job;
        if (['INVALID', 'FAILED', 'CANCELLED'].includes(job.status)) {
          throw new Error(`job ${jobId} ended ${job.status}: ${JSON.stringify(job.report?.issues.slice(0, 3))}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };

    const folder = mkdtempSync(path.join(context.dataDir, 'gtfs-'));
    try {
      const zipPath = path.join(folder, 'metro-x16.zip');
      progress(`building a feed of Metro do Porto ×${COPIES}…`);
      const { stopTimes } = await writeReplicatedMetroFeed(zipPath, COPIES);
      progress(`${stopTimes.toLocaleString('en')} stop_times, ${Math.round(statSync(zipPath).size / 1e6)} MB zipped`);

      progress('node-gtfs importing it into SQLite…');
      const nodeGtfsImportMs = await runNodeGtfs(zipPath, path.join(folder, 'node-gtfs.sqlite'));
      progress(`node-gtfs: ${nodeGtfsImportMs} ms`);

      // The demo network's own import must not queue in front of the measured one.
      for (let i = 0; i < 600; i++) {
        const unfinished = await call<TGtfsImportJob[]>('GET', '/gtfs/imports/unfinished');
        if (!unfinished.some((job) => job.status === 'IMPORTING' || job.status === 'QUEUED')) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const group = await call<{ id: number }>(
        'POST',
        '/mobility-system-groups',
        JSON.stringify({ name: 'Bench: Metro do Porto ×16', type: 'STATIC', layerType: 'DEFAULT_LAYERS' }),
        'application/json',
      );
      progress('the platform: upload, check, import…');
      const form = new FormData();
      form.append('file', new Blob([readFileSync(zipPath)], { type: 'application/zip' }), 'metro-x16.zip');
      const uploadedAt = performance.now();
      let confirmedAt = 0;
      const importing = (async () => {
        const uploaded = await call<TGtfsImportJob>('POST', `/gtfs/imports?groupId=${group.id}`, form);
        await waitFor(uploaded.id, ['VALIDATED']);
        confirmedAt = performance.now();
        await call('POST', `/gtfs/imports/${uploaded.id}/confirm`);
        await waitFor(uploaded.id, ['SUCCEEDED']);
      })();
      const apiP95DuringImportMs = await measureP95While(`${base}/api/health`, importing);
      await importing;
      const doneAt = performance.now();
      // The issue's "import speed, end to end including indexes": from the upload to the feed live.
      const gtfsImportMs = Math.round(doneAt - uploadedAt);
      const gtfsConfirmToLiveMs = Math.round(doneAt - confirmedAt);
      const gtfsImportPeakRssMb = peakRssMb(platform.child.pid);
      progress(
        `upload to live ${gtfsImportMs} ms (confirm to live ${gtfsConfirmToLiveMs} ms), server peak RSS ${gtfsImportPeakRssMb} MB, /api/health p95 meanwhile ${apiP95DuringImportMs} ms`,
      );

      progress('a zip bomb: 1 GB of NUL bytes as stop_times.txt…');
      const bombPath = path.join(folder, 'bomb.zip');
      await writeZipBomb(
        bombPath,
        path.join(REPO_ROOT, 'apps', 'server', 'test', 'fixtures', 'gtfs', 'google-sample.zip'),
      );
      const bombForm = new FormData();
      bombForm.append('file', new Blob([readFileSync(bombPath)], { type: 'application/zip' }), 'bomb.zip');
      const bombStartedAt = performance.now();
      const checkingBomb = (async () => {
        const uploaded = await call<TGtfsImportJob>('POST', `/gtfs/imports?groupId=${group.id}`, bombForm);
        return waitFor(uploaded.id, ['INVALID']);
      })();
      const apiP95DuringZipBombMs = await measureP95While(`${base}/api/health`, checkingBomb);
      const bombJob = await checkingBomb;
      const zipBombRefusedMs = Math.round(performance.now() - bombStartedAt);
      const refusal = bombJob.report?.issues.find((issue) => issue.severity === 'ERROR');
      progress(
        `refused in ${zipBombRefusedMs} ms (${refusal?.code} ${refusal?.file ?? ''} ${refusal?.value ?? ''}), /api/health p95 meanwhile ${apiP95DuringZipBombMs} ms`,
      );

      const stops = await call<TPagedList<TMobilitySystemListItem>>(
        'GET',
        `/mobility-systems/search?parentId=${group.id}&systemType=STOP&itemsPerPage=500`,
      );
      const routes = await call<TPagedList<TMobilitySystemListItem>>(
        'GET',
        `/mobility-systems/search?parentId=${group.id}&systemType=ROUTE&itemsPerPage=500`,
      );
      // The busiest stops first (every Metro trip passes Trindade), then a spread of others.
      const stopIds = [
        ...stops.content.filter((stop) => stop.name === 'Trindade').map((stop) => stop.id),
        ...stops.content.filter((_, i) => i % 10 === 0).map((stop) => stop.id),
      ];
      const stopUrls = stopIds.map((id) => `${base}/api/public-transport/schedule?stopId=${id}&date=${SCHEDULE_DATE}`);
      const routeUrls = routes.content.map(
        (route, i) =>
          `${base}/api/public-transport/schedule?routeId=${route.id}&direction=${i % 2 ? 'OPPOSITE' : 'MAIN'}&date=${SCHEDULE_DATE}`,
      );
      progress(`timing the schedule of ${stopUrls.length} stops and ${routeUrls.length} routes…`);
      const scheduleStopP95Ms = await measureP95(
        Array.from({ length: 8 }, () => stopUrls).flat(),
        authorization,
        stopUrls.length,
      );
      const scheduleRouteP95Ms = await measureP95(
        Array.from({ length: 4 }, () => routeUrls).flat(),
        authorization,
        routeUrls.length,
      );
      progress(`schedule p95: stop ${scheduleStopP95Ms} ms, route ${scheduleRouteP95Ms} ms`);
      const ratio = (value: number) => Math.round(value * 100) / 100;
      return {
        figures: {
          gtfsStopTimes: stopTimes,
          gtfsImportMs,
          gtfsConfirmToLiveMs,
          nodeGtfsImportMs,
          gtfsSpeedupVsNodeGtfs: ratio(nodeGtfsImportMs / gtfsImportMs),
          gtfsConfirmToLiveSpeedupVsNodeGtfs: ratio(nodeGtfsImportMs / gtfsConfirmToLiveMs),
          gtfsStopTimesPerSecond: Math.round(stopTimes / (gtfsImportMs / 1000)),
          gtfsImportPeakRssMb,
          scheduleStopP95Ms,
          scheduleRouteP95Ms,
          apiP95DuringImportMs,
          apiP95DuringZipBombMs,
          zipBombRefusedMs,
        },
        goals: {
          apiP95DuringImportMs: { atMost: API_DURING_IMPORT_GOAL_MS },
          apiP95DuringZipBombMs: { atMost: API_DURING_IMPORT_GOAL_MS },
          gtfsSpeedupVsNodeGtfs: { atLeast: 3 },
          gtfsStopTimesPerSecond: { atLeast: 100_000 },
          gtfsImportPeakRssMb: { atMost: 512 },
          scheduleStopP95Ms: { atMost: 10 },
        },
      };
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  },
};
