import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export type TEncoding = 'br' | 'gzip' | 'identity';

/** A public answer in every encoding it is sent in, compressed once when it is made rather than per request. */
export interface TEncodedBodies {
  /** Weak: the encodings differ in bytes but are the same answer, and a 304 holds for any of them. */
  etag: string;
  bodies: Record<TEncoding, Buffer>;
}

/** Compresses an answer's text once, off the event loop (zlib's thread pool), for every caller to come. */
export async function encodeBodies(text: string): Promise<TEncodedBodies> {
  const identity = Buffer.from(text);
  const [br, gzipped] = await Promise.all([
    // Quality 5 compresses a few megabytes in tens of milliseconds, within a few percent of the best.
    brotliAsync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzipAsync(identity, { level: 6 }),
  ]);
  const etag = `W/"${createHash('sha1').update(identity).digest('base64url').slice(0, 22)}"`;
  return { etag, bodies: { br, gzip: gzipped, identity } };
}

/** What the bodies weigh together, for a cache held to a size. */
export const encodedBytes = ({ bodies }: TEncodedBodies) =>
  bodies.br.length + bodies.gzip.length + bodies.identity.length;

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
