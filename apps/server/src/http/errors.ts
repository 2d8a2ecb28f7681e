import type { TDeleteBlocked, TErrorCode, TFieldError } from '@mip/shared';

/** The one place where an error code gets its HTTP status. */
const STATUS_BY_CODE: Partial<Record<TErrorCode, number>> = {
  NOT_FOUND: 404,
  UNAUTHORIZED: 401,
  SESSION_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  ACCOUNT_INACTIVE: 403,
  IMPERSONATION_NOT_ALLOWED: 403,
  NOT_IMPERSONATING: 409,
  TOO_MANY_REQUESTS: 429,
  DELETE_FAILED: 409,
  INTERNAL_ERROR: 500,
  DATABASE_UNAVAILABLE: 503,
  BAD_REQUEST: 400,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  HEADERS_TOO_LARGE: 431,
  // A result wider than the byte cap: the same call would fail again, unlike a busy pool.
  RESULT_TOO_LARGE: 422,
  QUERY_BUSY: 503,
};

export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number;
  readonly fieldErrors: TFieldError[] | undefined;
  readonly headers: Record<string, string>;
  readonly blocked: TDeleteBlocked | undefined;

  constructor(
    code: TErrorCode,
    options: {
      message?: string;
      fieldErrors?: TFieldError[];
      status?: number;
      headers?: Record<string, string>;
      blocked?: TDeleteBlocked;
    } = {},
  ) {
    super(options.message ?? code);
    this.code = code;
    this.fieldErrors = options.fieldErrors;
    this.blocked = options.blocked;
    this.status = options.status ?? (options.fieldErrors ? 400 : (STATUS_BY_CODE[code] ?? 400));
    this.headers = options.headers ?? {};
  }
}

export const notFound = () => new AppError('NOT_FOUND', { message: 'Not found' });
export const forbidden = (message = 'You are not authorized') => new AppError('FORBIDDEN', { message });
/**
 * A delete refused because the record is still in use. The message says by what
 * (the spec shows it); `blocked` lets the web say it in the user's language.
 */
export const deleteFailed = (message: string, blocked?: TDeleteBlocked) =>
  new AppError('DELETE_FAILED', { message, blocked });

/** Seconds a client is told to wait before trying again while the database is away (an embedded one restarts in a few). */
export const DATABASE_RETRY_AFTER_S = 5;

/**
 * The database could not be reached: a write under way rolled back with its
 * connection, and the request may be sent again shortly.
 */
export const databaseUnavailable = () =>
  new AppError('DATABASE_UNAVAILABLE', {
    message: 'The database cannot be reached right now; try again in a few seconds',
    headers: { 'retry-after': String(DATABASE_RETRY_AFTER_S) },
  });

/** Field errors in the spec's shape; the form error code heads them. */
export function fieldErrors(errors: TFieldError[]): AppError {
  return new AppError('FORM_ERROR', { message: 'Check the marked fields', fieldErrors: errors });
}

/** The PostgreSQL error behind a failed query (drizzle wraps it), when there is one. */
function postgresErrorOf(error: unknown): { code?: string; constraint?: string } | null {
  if (!error || typeof error !== 'object') return null;
  const cause = (error as { cause?: unknown }).cause;
  const candidate = (cause && typeof cause === 'object' ? cause : error) as { code?: string; constraint?: string };
  return typeof candidate.code === 'string' ? candidate : null;
}

/**
 * A unique index that refused a write (two requests racing past the service's
 * own check) becomes the field error it means; any other error is rethrown.
 */
export function rethrowUniqueViolation(error: unknown, byIndex: Record<string, TFieldError>): never {
  const pgError = postgresErrorOf(error);
  const fieldError = pgError?.code === '23505' && pgError.constraint ? byIndex[pgError.constraint] : undefined;
  if (fieldError) throw fieldErrors([fieldError]);
  throw error;
}
