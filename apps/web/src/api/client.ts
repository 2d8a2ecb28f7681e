import type { TDeleteBlocked, TFieldError } from '@mip/shared';
import { sessionStore } from '../features/auth/session-store';

/** A failed call, with the spec's field errors when the server sent them. Status -1 is a network failure. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly hasErrors: boolean;
  readonly errors: TFieldError[];
  readonly blocked: TDeleteBlocked | undefined;
  /** When the server said to try again later (429, 503): after how many seconds. */
  readonly retryAfterSeconds: number | undefined;
  /** The server's own words, when it sent any (spec 000 §8 shows them). */
  readonly serverMessage: string | undefined;
  /** What the server logged an unexpected error under, for the person who reports it. */
  readonly correlationId: string | undefined;

  constructor(
    status: number,
    body: {
      code?: string;
      message?: string;
      hasErrors?: boolean;
      errors?: TFieldError[];
      blocked?: TDeleteBlocked;
      correlationId?: string;
    },
    retryAfter?: string | null,
  ) {
    super(body.message ?? body.code ?? `HTTP ${status}`);
    this.status = status;
    this.serverMessage = status === -1 ? undefined : body.message || undefined;
    this.correlationId = body.correlationId || undefined;
    this.code = body.code ?? (status === -1 ? 'NETWORK_ERROR' : 'INTERNAL_ERROR');
    this.hasErrors = Boolean(body.hasErrors);
    this.errors = body.errors ?? [];
    this.blocked = body.blocked;
    this.retryAfterSeconds = retryAfterSecondsOf(retryAfter);
  }
}

/** A Retry-After header (seconds, or an HTTP date) as whole seconds from now; undefined when absent or unreadable. */
export function retryAfterSecondsOf(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

export const API_BASE = '/api/';
const RETRYABLE = new Set([-1, 502, 503, 504]);

interface TRequestOptions {
  query?: Record<string, unknown>;
  body?: unknown;
  /** A multipart upload: the browser sets its content type with the boundary. */
  form?: FormData;
  signal?: AbortSignal;
  /** Calls that cannot be repeated safely (sign-in, writes) are not retried. */
  retries?: number;
}

/** Drops empty values (spec 000 §5) and repeats keys for arrays. */
export function toQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value)
        if (item !== undefined && item !== null && item !== '') params.append(key, String(item));
    } else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function send<T>(method: string, path: string, options: TRequestOptions = {}): Promise<T> {
  const token = sessionStore.token();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const url = `${API_BASE}${path.replace(/^\//, '')}${toQueryString(options.query)}`;
  const retries = options.retries ?? (method === 'GET' ? 3 : 0);
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        signal: options.signal,
        cache: 'no-store',
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      if (attempt < retries) {
        await sleep(300 * 2 ** attempt);
        continue;
      }
      throw new ApiError(-1, { message: 'Network failure' });
    }
    if (response.ok) {
      if (response.status === 204) return undefined as T;
      const type = response.headers.get('content-type') ?? '';
      return (type.includes('json') ? await response.json() : await response.text()) as T;
    }
    if (RETRYABLE.has(response.status) && attempt < retries) {
      await sleep(300 * 2 ** attempt);
      continue;
    }
    const body = await response.json().catch(() => ({}));
    // A refused token ends the session; a failed sign-in (no token sent) is just an error.
    if (response.status === 401 && token) sessionStore.expire();
    throw new ApiError(response.status, body, response.headers.get('retry-after'));
  }
}

export const api = {
  get: <T>(path: string, query?: Record<string, unknown>, signal?: AbortSignal) =>
    send<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown, query?: Record<string, unknown>) => send<T>('POST', path, { body, query }),
  put: <T>(path: string, body?: unknown, query?: Record<string, unknown>) => send<T>('PUT', path, { body, query }),
  delete: <T>(path: string, query?: Record<string, unknown>) => send<T>('DELETE', path, { query }),
  upload: <T>(path: string, form: FormData) => send<T>('POST', path, { form }),
};
