import type { TQueryResult } from '@mip/shared';

const ENTRY_OVERHEAD_BYTES = 256;

export type TWidgetResult = TQueryResult & { sqlMs: number; bytes: number };

interface TEntry {
  result: Promise<TWidgetResult>;
  /** Set once the result is in; until then callers of the same key share the query under way. */
  expiresAt: number;
  bytes: number;
}

/**
 * Public widgets' results, kept a few seconds in this process so that many
 * visitors on one dashboard run its queries once, not once each; visitors
 * asking while the query runs wait for that same run. The key names the
 * versions of the dashboard and the data source, so an edit is seen at once
 * (by every process, as they all read the versions from the database). Held
 * to `maxBytes` in all: the oldest results go first.
 */
export function createWidgetResultCache(options: { ttlMs: number; maxBytes: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, TEntry>();
  let totalBytes = 0;

  function drop(key: string, entry: TEntry) {
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
    /** The cached result for `key`, or the one `run` gives (then kept for the TTL). */
    read(key: string, run: () => Promise<TWidgetResult>): Promise<TWidgetResult> {
      if (options.ttlMs <= 0) return run();
      const cached = entries.get(key);
      if (cached && cached.expiresAt > now()) return cached.result;
      if (cached) drop(key, cached);
      const entry: TEntry = { result: run(), expiresAt: Number.POSITIVE_INFINITY, bytes: 0 };
      entries.set(key, entry);
      entry.result.then(
        (result) => {
          if (entries.get(key) !== entry) return;
          entry.expiresAt = now() + options.ttlMs;
          // The key and the entry weigh something too: many tiny results must not grow the map without end.
          entry.bytes = result.bytes + ENTRY_OVERHEAD_BYTES + key.length;
          totalBytes += result.bytes;
          makeRoom();
        },
        // A failure is not kept: the next visitor tries again (within their own share and rate).
        () => drop(key, entry),
      );
      return entry.result;
    },
  };
}
