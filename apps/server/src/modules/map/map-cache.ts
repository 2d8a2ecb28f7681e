import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { createNotifiedCache, type TNotifiedCache } from '../../db/change-listener.ts';
import type { TDatabase } from '../../db/database.ts';
import { readMapItemsJson, type TMapScope } from './map.service.ts';
import type { TMapTiling } from './map-tiling.ts';

/**
 * Notified by triggers on the groups and systems tables (migration 0006) and on events and their
 * categories (migration 0007), whoever writes them.
 */
export const MAP_CHANNEL = 'mip_map_changed';
/** A safety net should a notification be missed while the listening connection reconnects. */
const MAX_AGE_MS = 60_000;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export type TEncoding = 'br' | 'gzip' | 'identity';

/** The map answer in every encoding it is sent in, compressed once per change rather than per request. */
export interface TMapAnswer {
  etag: string;
  bodies: Record<TEncoding, Buffer>;
  /**
   * When time alone outdates it (Date.now() scale): a future incident starts, a current one ends. No
   * write announces those moments, so the answer carries its own end; null when none lies ahead.
   */
  expiresAt: number | null;
}

async function buildAnswer(db: TDatabase, tiling: TMapTiling, scope: TMapScope | null): Promise<TMapAnswer> {
  const { items, changesInMs } = await readMapItemsJson(db, tiling, scope);
  // Counted from after the read, against the database's own clock: a clock apart from the database's
  // can only make the answer last a few milliseconds past the moment, never expire again and again early.
  const expiresAt = changesInMs === null ? null : Date.now() + Math.max(0, Math.ceil(changesInMs));
  const identity = Buffer.from(items);
  const [br, gzipped] = await Promise.all([
    // Quality 5 compresses a few megabytes in tens of milliseconds, within a few percent of the best.
    brotliAsync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzipAsync(identity, { level: 6 }),
  ]);
  // Weak: the encodings differ in bytes but are the same answer, and a 304 holds for any of them.
  const etag = `W/"${createHash('sha1').update(identity).digest('base64url').slice(0, 22)}"`;
  return { etag, bodies: { br, gzip: gzipped, identity }, expiresAt };
}

export type TMapCache = ReturnType<typeof createMapCache>;

/**
 * The answer (an application's map when a scope is given), kept until a write is announced, MAX_AGE_MS passes, or its own expiresAt (an incident
 * starting or ending) is reached, whichever comes first.
 */
export function createMapCache(
  db: TDatabase,
  tiling: TMapTiling,
  scope: TMapScope | null = null,
): TNotifiedCache<TMapAnswer> {
  const cache = createNotifiedCache(db, MAP_CHANNEL, MAX_AGE_MS, () => buildAnswer(db, tiling, scope));
  const isOutdated = (answer: TMapAnswer) => answer.expiresAt !== null && Date.now() >= answer.expiresAt;
  const fresh = () => {
    const answer = cache.fresh();
    if (answer && isOutdated(answer)) {
      cache.invalidate();
      return null;
    }
    return answer;
  };
  return {
    ...cache,
    fresh,
    get: async () => fresh() ?? cache.get(),
  };
}

/** The best encoding on offer, best first, that the caller accepts (q=0 refuses one). */
export function pickEncoding(
  acceptEncoding: string | undefined,
  offered: readonly Exclude<TEncoding, 'identity'>[] = ['br', 'gzip'],
): TEncoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name.trim().toLowerCase()),
  );
  return offered.find((encoding) => accepted.has(encoding)) ?? 'identity';
}
