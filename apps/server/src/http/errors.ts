import { randomUUID } from 'node:crypto';
import type { TDeleteBlocked, TErrorCode, TFieldError } from '@mip/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

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

/** "/name/0/field" → "name[0].field", the property form the web client maps back to fields. */
export function toPropertyPath(instancePath: string): string {
  return instancePath
    .split('/')
    .filter((part) => part !== '')
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

const CODE_PATTERN = /^[A-Z][A-Z0-9_]+$/;

/** Our schemas name their spec code as the message; zod's own messages become a generic code. */
function toErrorCode(keyword: string, message: string | undefined): string {
  if (message && CODE_PATTERN.test(message)) return message;
  if (keyword === 'invalid_type' && message?.includes('received undefined')) return 'MISSING_VALUE';
  if (keyword === 'too_big') return 'TOO_LONG';
  if (keyword === 'too_small') return 'TOO_SHORT';
  return 'INVALID_VALUE';
}

export function handleError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    reply.headers(error.headers);
    return reply.status(error.status).send({
      code: error.code,
      message: error.message,
      ...(error.fieldErrors ? { hasErrors: true, errors: error.fieldErrors } : {}),
      ...(error.blocked ? { blocked: error.blocked } : {}),
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((issue) => ({
      property: toPropertyPath(issue.instancePath) || String(error.validationContext ?? ''),
      error: toErrorCode(issue.keyword, issue.message),
    }));
    return reply.status(400).send({ code: 'FORM_ERROR', message: 'Check the marked fields', hasErrors: true, errors });
  }
  const status = (error as FastifyError).statusCode;
  // Fastify's own client errors: broken JSON, a body too large, an unsupported media type.
  if (status && status >= 400 && status < 500 && !isResponseSerializationError(error)) {
    const code = (error as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'INVALID_JSON' : 'INVALID_VALUE';
    const fixed = (error as FastifyError).code?.startsWith('FST_ERR_CTP_EMPTY_JSON_BODY') ? 'INVALID_JSON' : code;
    return reply.status(status).send({ code: fixed, message: error.message });
  }
  const correlationId = randomUUID();
  request.log.error({ err: error, correlationId }, 'unexpected error');
  return reply.status(500).send({ code: 'INTERNAL_ERROR', message: 'Something went wrong', correlationId });
}
