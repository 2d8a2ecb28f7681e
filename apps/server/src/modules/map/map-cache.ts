import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { createNotifiedCache } from '../../db/change-listener.ts';
import type { TDatabase } from '../../db/database.ts';
import { readMapItemsJson } from './map.service.ts';

/** Notified by triggers on the groups and systems tables (migration 0006), whoever writes them. */
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
}

async function buildAnswer(db: TDatabase): Promise<TMapAnswer> {
  const identity = Buffer.from(await readMapItemsJson(db));
  const [br, gzipped] = await Promise.all([
    // Quality 5 compresses a few megabytes in tens of milliseconds, within a few percent of the best.
    brotliAsync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzipAsync(identity, { level: 6 }),
  ]);
  // Weak: the encodings differ in bytes but are the same answer, and a 304 holds for any of them.
  const etag = `W/"${createHash('sha1').update(identity).digest('base64url').slice(0, 22)}"`;
  return { etag, bodies: { br, gzip: gzipped, identity } };
}

export type TMapCache = ReturnType<typeof createMapCache>;

export const createMapCache = (db: TDatabase) =>
  createNotifiedCache(db, MAP_CHANNEL, MAX_AGE_MS, () => buildAnswer(db));

/** The best encoding the caller accepts (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): TEncoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}
