import { AppError } from './errors.ts';

/**
 * Counts calls per key (a client address) in fixed windows, in this process's
 * memory: for public calls that anyone may make often, where a database row
 * per call would cost more than the call. Several processes each allow the
 * limit; that is the point of a generous one.
 */
export function createRateLimiter(options: { limit: number; windowMs: number; maxKeys?: number }) {
  const maxKeys = options.maxKeys ?? 100_000;
  let windowStart = Date.now();
  let counts = new Map<string, number>();

  return {
    /** Counts one call; throws 429 TOO_MANY_REQUESTS with Retry-After once the key is over its limit. */
    take(key: string): void {
      const now = Date.now();
      if (now - windowStart >= options.windowMs) {
        windowStart = now;
        counts = new Map();
      }
      const used = (counts.get(key) ?? 0) + 1;
      // A flood of distinct addresses must not grow the map without end: past the cap, new keys share one count.
      const slot = counts.size >= maxKeys && !counts.has(key) ? '*' : key;
      counts.set(slot, slot === key ? used : (counts.get(slot) ?? 0) + 1);
      if ((counts.get(slot) ?? 0) > options.limit) {
        const seconds = Math.max(1, Math.ceil((windowStart + options.windowMs - now) / 1000));
        throw new AppError('TOO_MANY_REQUESTS', {
          message: 'Too many requests, try again later',
          headers: { 'retry-after': String(seconds) },
        });
      }
    },
  };
}
