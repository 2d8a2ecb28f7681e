import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { TFigureGroup } from './figures.ts';
import { ensurePlatform } from './platform-server.ts';
import { progress, startNodeScript, waitForOk } from './processes.ts';

export const RATIO_GOAL = 0.8;
const CONFIG_LIST = '/api/configuration/public/list';
const BARE_SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-server.ts');

export interface TLoadOptions {
  connections: number;
  durationSeconds: number;
  warmUpSeconds: number;
  rounds: number;
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

/** The p95 of latencies in milliseconds, to a hundredth. */
export function p95Ms(latencies: number[]): number {
  return Math.round(percentile(Float64Array.from(latencies).sort(), 0.95) * 100) / 100;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Loads one URL with autocannon after a warm-up; p95 comes from every response's own time. */
export async function loadUrl(
  url: string,
  options: TLoadOptions,
  headers: Record<string, string> = {},
): Promise<TLoadResult> {
  if (options.warmUpSeconds > 0) {
    await autocannon({ url, headers, connections: options.connections, duration: options.warmUpSeconds });
  }
  const latencies: number[] = [];
  const instance = autocannon({ url, headers, connections: options.connections, duration: options.durationSeconds });
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

export function readLoadOptions(): TLoadOptions {
  const seconds = (name: string, fallback: number) => {
    const value = Number(process.env[name]);
    return Number.isFinite(value) && value > 0 ? value : fallback;
  };
  return {
    connections: seconds('BENCH_CONNECTIONS', 10),
    durationSeconds: seconds('BENCH_SECONDS', 4),
    warmUpSeconds: seconds('BENCH_WARMUP_SECONDS', 1),
    rounds: Math.round(seconds('BENCH_ROUNDS', 5)),
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
    const platform = await ensurePlatform(context);
    const options = readLoadOptions();
    const response = await fetch(`${platform.baseUrl}${CONFIG_LIST}`);
    if (response.status !== 200) throw new Error(`${CONFIG_LIST} answered ${response.status}`);
    const body = await response.text();

    const bare = await startNodeScript(BARE_SERVER, { ...process.env, BENCH_ROUTE: CONFIG_LIST, BENCH_BODY: body });
    try {
      await waitForOk(bare, CONFIG_LIST, 20_000);
      // Rounds alternate between the two servers, and the ratio is the median of the rounds' ratios:
      // whatever else the machine does then weighs on both sides alike instead of on whichever ran last.
      const rounds: { real: TLoadResult; baseline: TLoadResult }[] = [];
      for (let round = 1; round <= options.rounds; round++) {
        const real = await loadUrl(`${platform.baseUrl}${CONFIG_LIST}`, options);
        const baseline = await loadUrl(`${bare.baseUrl}${CONFIG_LIST}`, options);
        progress(
          `round ${round}/${options.rounds}: platform ${Math.round(real.rps)} requests/s, ` +
            `bare Fastify ${Math.round(baseline.rps)} requests/s`,
        );
        rounds.push({ real, baseline });
      }
      const failed = rounds.reduce(
        (sum, { real, baseline }) => sum + real.non2xx + real.errors + baseline.non2xx + baseline.errors,
        0,
      );
      if (failed > 0) progress(`warning: ${failed} requests failed or answered other than 2xx`);
      return {
        figures: {
          configListRps: Math.round(median(rounds.map((r) => r.real.rps))),
          configListP95Ms: median(rounds.map((r) => r.real.p95Ms)),
          bareFastifyRps: Math.round(median(rounds.map((r) => r.baseline.rps))),
          bareFastifyP95Ms: median(rounds.map((r) => r.baseline.p95Ms)),
          ratio: Math.round(median(rounds.map((r) => r.real.rps / r.baseline.rps)) * 1000) / 1000,
          failedRequests: failed,
        },
        goals: { ratio: { atLeast: RATIO_GOAL } },
      };
    } finally {
      await bare.stop();
    }
  },
};
