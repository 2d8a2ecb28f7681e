import { randomUUID } from 'node:crypto';
import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { TErrorCode } from '@mip/shared';
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/connection-loss.ts';
import { AppError, databaseUnavailable } from './errors.ts';

/*
 * How an error becomes the HTTP answer: the errors themselves are in errors.ts, which the services (and the
 * GTFS worker threads, which answer no HTTP) import without the schema validation's zod behind this file.
 */

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

/**
 * What a request refused before any route ran gets (a broken body, a path the
 * router cannot take, bytes Node cannot parse): a fixed text per status.
 * Never the framework's own message, which quotes the request (its path, its
 * content type, a piece of its body), so an answer cannot reflect what an
 * attacker sent.
 */
const CLIENT_ERRORS: Record<number, { code: TErrorCode; message: string }> = {
  400: { code: 'BAD_REQUEST', message: 'The request is malformed' },
  404: { code: 'NOT_FOUND', message: 'Not found' },
  408: { code: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' },
  414: { code: 'URI_TOO_LONG', message: 'The address is too long' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'This content type is not accepted here' },
  431: { code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large' },
};
const JSON_BODY_ERRORS = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

/** The status, code and fixed message of a 4xx the framework (or a plugin, or Node) raised. */
export function describeClientError(status: number, frameworkCode?: string) {
  if (status === 400 && frameworkCode && JSON_BODY_ERRORS.has(frameworkCode))
    return { status, code: 'INVALID_JSON' as const, message: 'The body is not valid JSON' };
  return {
    status,
    ...(CLIENT_ERRORS[status] ?? { code: 'BAD_REQUEST' as const, message: 'The request cannot be served' }),
  };
}

/** Headers of an answer sent before the security headers' hook could run (the router or Node refused it). */
const EARLY_ANSWER_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cache-control': 'no-store',
};

const DATABASE_LOSS_LOG_EVERY_MS = 10_000;
let databaseLossSaidAt = 0;

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
    const { code, message } = describeClientError(status, (error as FastifyError).code);
    return reply.status(status).send({ code, message });
  }
  // Not a defect of the request nor of ours: the database is away for now.
  if (isDatabaseUnavailable(error)) {
    // Said now and then, not per request: during an outage every request fails the same way.
    if (Date.now() - databaseLossSaidAt > DATABASE_LOSS_LOG_EVERY_MS) {
      databaseLossSaidAt = Date.now();
      request.log.warn({ err: error }, 'the database cannot be reached: answering 503 DATABASE_UNAVAILABLE');
    }
    return handleError(databaseUnavailable(), request, reply);
  }
  const correlationId = randomUUID();
  request.log.error({ err: error, correlationId }, 'unexpected error');
  return reply.status(500).send({ code: 'INTERNAL_ERROR', message: 'Something went wrong', correlationId });
}

/**
 * Fastify's `frameworkErrors`: the router refused the path (one that does not
 * decode, a segment over maxParamLength) before any hook ran.
 */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.headers(EARLY_ANSWER_HEADERS);
  return handleError(error, request, reply);
}

/** Whether a request whose head overflowed was still on its request line, so the address is what is too long. */
function isRequestLineTooLong(packet: Buffer | undefined): boolean {
  if (!packet || !/^[A-Z]+ /.test(packet.subarray(0, 16).toString('latin1'))) return false;
  const lineEnd = packet.indexOf('\r\n');
  // When the head came in several packets the last one no longer shows which part was long: 431 is right too.
  return lineEnd === -1 || lineEnd > maxHeaderSize / 2;
}

/**
 * The HTTP server's 'clientError' (Fastify's `clientErrorHandler`): bytes
 * Node's parser refused (an unknown method, a bad Content-Length, a head over
 * the size limit) or a request that never finished arriving. Answered in the
 * platform's shape, then the connection is closed.
 */
export function handleClientError(error: ConnectionError, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') status = 408;
  else if (error.code === 'HPE_HEADER_OVERFLOW') {
    // Node hands the bytes it choked on as a Buffer (Fastify's type says otherwise).
    const packet: unknown = error.rawPacket;
    status = isRequestLineTooLong(Buffer.isBuffer(packet) ? packet : undefined) ? 414 : 431;
  }
  const { code, message } = describeClientError(status);
  const body = JSON.stringify({ code, message });
  // As Node does: say nothing when an answer to an earlier request on this connection is already under way.
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !answering?.headersSent) {
    const headers = {
      ...EARLY_ANSWER_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`);
  }
  socket.destroy(error);
}
