const ENTRY_OVERHEAD_BYTES = 256;

interface TEntry<T> {
  result: Promise<T>;
  /** Set once the result is in; until then callers of the same key share the work under way. */
  expiresAt: number;
  bytes: number;
}

export interface TSharedResultCache<T> {
  /** The cached result for `key`, or the one `run` gives (then kept for the TTL). */
  read(key: string, run: () => Promise<T>): Promise<T>;
}

/**
 * Results many visitors ask for, kept a while in this process so that the work
 * behind them runs once, not once each; visitors asking while it runs wait for
 * that same run. The key names what the result depends on (versions, dates),
 * so a change is seen at once by every process. Held to `maxBytes` in all (as
 * `sizeOf` weighs a result): the oldest results go first. A failure is not
 * kept: the next caller tries again.
 */
export function createSharedResultCache<T>(options: {
  ttlMs: number;
  /** How long this result is kept, when results differ (a remembered failure, briefly); `ttlMs` otherwise. */
  ttlMsOf?: (result: T) => number;
  maxBytes: number;
  sizeOf: (result: T) => number;
  now?: () => number;
}): TSharedResultCache<T> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, TEntry<T>>();
  let totalBytes = 0;

  function drop(key: string, entry: TEntry<T>) {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
  }

  /** Oldest first: expired results, then as many more as the byte budget needs. */
  function makeRoom() {
    const time = now();
    for (const [key, entry] of entries) {
      const isExpired = entry.expiresAt <= time;
      if (!isExpired && totalBytes <= options.maxBytes) return;
      if (isExpired || entry.bytes > 0) drop(key, entry);
    }
  }

  return {
    read(key, run) {
      if (options.ttlMs <= 0) return run();
      const cached = entries.get(key);
      if (cached && cached.expiresAt > now()) return cached.result;
      if (cached) drop(key, cached);
      const entry: TEntry<T> = { result: run(), expiresAt: Number.POSITIVE_INFINITY, bytes: 0 };
      entries.set(key, entry);
      entry.result.then(
        (result) => {
          if (entries.get(key) !== entry) return;
          entry.expiresAt = now() + (options.ttlMsOf?.(result) ?? options.ttlMs);
          // The key and the entry weigh something too: many tiny results must not grow the map without end.
          entry.bytes = options.sizeOf(result) + ENTRY_OVERHEAD_BYTES + key.length;
          totalBytes += entry.bytes;
          makeRoom();
        },
        () => drop(key, entry),
      );
      return entry.result;
    },
  };
}
