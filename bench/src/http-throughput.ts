import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { TFigureGroup } from './figures.ts';
import { progress, startNodeScript, waitForOk } from './processes.ts';

export const RATIO_GOAL = 0.8;
const CONFIG_LIST = '/api/configuration/public/list';
const BARE_SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-server.ts');

export interface TLoadOptions {
  connections: number;
  durationSeconds: number;
  warmUpSeconds: number;
}

export interface TLoadResult {
  rps: number;
  p95Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/** The value below which `fraction` of the sorted samples lie (nearest rank). */
export function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

/** Loads one URL with autocannon after a warm-up; p95 comes from every response's own time. */
export async function loadUrl(url: string, options: TLoadOptions): Promise<TLoadResult> {
  if (options.warmUpSeconds > 0) {
    await autocannon({ url, connections: options.connections, duration: options.warmUpSeconds });
  }
  const latencies: number[] = [];
  const instance = autocannon({ url, connections: options.connections, duration: options.durationSeconds });
  instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await instance;
  const sorted = Float64Array.from(latencies).sort();
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    rps: (result.requests.total ?? 0) / result.duration,
    p95Ms: round(percentile(sorted, 0.95)),
    p99Ms: round(percentile(sorted, 0.99)),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

function readLoadOptions(): TLoadOptions {
  const seconds = (name: string, fallback: number) => {
    const value = Number(process.env[name]);
    return Number.isFinite(value) && value > 0 ? value : fallback;
  };
  return {
    connections: seconds('BENCH_CONNECTIONS', 10),
    durationSeconds: seconds('BENCH_SECONDS', 10),
    warmUpSeconds: seconds('BENCH_WARMUP_SECONDS', 2),
  };
}

/**
 * Requests per second of the public configuration list (a real route: guard,
 * database query, serialisation) against a bare Fastify server answering the
 * same bytes: the ratio is what the platform's layers cost.
 */
export const httpThroughputFigures: TFigureGroup = {
  name: 'http-throughput',
  run: async (context) => {
    const platform = context.platform;
    if (!platform)
      throw new Error('the http-throughput figures need the platform running (run the startup group first)');
    const options = readLoadOptions();
    const response = await fetch(`${platform.baseUrl}${CONFIG_LIST}`);
    if (response.status !== 200) throw new Error(`${CONFIG_LIST} answered ${response.status}`);
    const body = await response.text();

    progress(`loading ${CONFIG_LIST} for ${options.durationSeconds} s with ${options.connections} connections…`);
    const real = await loadUrl(`${platform.baseUrl}${CONFIG_LIST}`, options);
    progress(`platform: ${Math.round(real.rps)} requests/s, p95 ${real.p95Ms} ms`);

    const bare = await startNodeScript(BARE_SERVER, { ...process.env, BENCH_ROUTE: CONFIG_LIST, BENCH_BODY: body });
    try {
      await waitForOk(bare, CONFIG_LIST, 20_000);
      progress('loading the bare Fastify server with the same bytes…');
      const baseline = await loadUrl(`${bare.baseUrl}${CONFIG_LIST}`, options);
      progress(`bare Fastify: ${Math.round(baseline.rps)} requests/s, p95 ${baseline.p95Ms} ms`);
      const failed = real.non2xx + real.errors + baseline.non2xx + baseline.errors;
      if (failed > 0) progress(`warning: ${failed} requests failed or answered other than 2xx`);
      return {
        figures: {
          configListRps: Math.round(real.rps),
          configListP95Ms: real.p95Ms,
          bareFastifyRps: Math.round(baseline.rps),
          bareFastifyP95Ms: baseline.p95Ms,
          ratio: Math.round((real.rps / baseline.rps) * 1000) / 1000,
          failedRequests: failed,
        },
        goals: { ratio: { atLeast: RATIO_GOAL } },
      };
    } finally {
      await bare.stop();
    }
  },
};
