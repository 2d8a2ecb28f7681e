import { FeedError } from './waze-feed.ts';

export interface TFetchLimits {
  /** The whole exchange, connection to last byte. */
  timeoutMs: number;
  /** Bytes of body read before giving up (after any decompression). */
  maxBytes: number;
}

/** A city's feed is a few megabytes; this leaves room for the largest without letting a wrong URL fill memory. */
export const DEFAULT_FETCH_LIMITS: TFetchLimits = { timeoutMs: 20_000, maxBytes: 64 * 1024 * 1024 };

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  const reason = cause instanceof Error ? `: ${cause.message}` : '';
  return `${error.name === 'TimeoutError' ? 'timed out' : error.message}${reason}`.slice(0, 300);
}

/**
 * The feed's text, read as it arrives and abandoned once it passes the size
 * limit, so a wrong address that streams gigabytes costs nothing.
 */
export async function fetchFeedText(url: string, limits: TFetchLimits = DEFAULT_FETCH_LIMITS): Promise<string> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { accept: 'application/json' }, redirect: 'follow' });
  } catch (error) {
    throw new FeedError('FEED_UNREACHABLE', describe(error));
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new FeedError('FEED_HTTP_ERROR', `HTTP ${response.status} ${response.statusText}`.trim());
  }
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limits.maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new FeedError('FEED_TOO_LARGE', `${declared} bytes announced`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limits.maxBytes) {
        await reader.cancel().catch(() => {});
        throw new FeedError('FEED_TOO_LARGE', `more than ${limits.maxBytes} bytes`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof FeedError) throw error;
    throw new FeedError('FEED_UNREACHABLE', describe(error));
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}
