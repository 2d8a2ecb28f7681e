/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface TAutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    title?: string;
  }

  export interface THistogramSummary {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total?: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  export interface TAutocannonResult {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    latency: THistogramSummary;
    requests: THistogramSummary & { sent: number };
    throughput: THistogramSummary;
  }

  export interface TAutocannonInstance extends EventEmitter, PromiseLike<TAutocannonResult> {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void): this;
    on(event: 'done', listener: (result: TAutocannonResult) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
    stop(): void;
  }

  function autocannon(options: TAutocannonOptions): TAutocannonInstance;
  export default autocannon;
}
