import { createHash, randomUUID } from 'node:crypto';
import fastifyFormbody from '@fastify/formbody';
import type { TLanguage } from '@mip/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCacheable } from '../../http/cacheable.ts';
import { describeClientError, toPropertyPath } from '../../http/error-handler.ts';
import { AppError } from '../../http/errors.ts';
import {
  ZOpen311CodeParams,
  ZOpen311Created,
  ZOpen311Errors,
  ZOpen311IdParams,
  ZOpen311Request,
  ZOpen311RequestInput,
  ZOpen311RequestsQuery,
  ZOpen311Service,
  ZOpen311ServiceDefinition,
} from './open311.schemas.ts';
import {
  createOpen311Request,
  listOpen311Services,
  OPEN311_FIELD_OF,
  readOpen311Request,
  readOpen311ServiceDefinition,
  searchOpen311Requests,
} from './open311.service.ts';

const SERVICES_MAX_AGE = 300;
const REQUESTS_MAX_AGE = 60;

/** A JSON answer that caches may keep for a while, revalidated by its ETag. */
function sendJson(request: FastifyRequest, reply: FastifyReply, value: unknown, maxAgeSeconds: number) {
  const body = JSON.stringify(value);
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return sendCacheable(request, reply, { etag, maxAgeSeconds, contentType: 'application/json; charset=utf-8', body });
}

const fieldOf = (property: string) => OPEN311_FIELD_OF[property] ?? property;

/** Every failure in Open311's shape, `[{code, description}]`, code being the HTTP status. */
function sendOpen311Error(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  const send = (status: number, descriptions: string[]) =>
    reply.status(status).send([...new Set(descriptions)].map((description) => ({ code: status, description })));
  if (error instanceof AppError) {
    reply.headers(error.headers);
    const fields = error.fieldErrors ?? [];
    return send(
      error.status,
      fields.length > 0 ? fields.map((field) => `${fieldOf(field.property)}: ${field.error}`) : [error.message],
    );
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return send(
      400,
      error.validation.map((issue) => {
        const property = toPropertyPath(issue.instancePath) || String(error.validationContext ?? '');
        return `${fieldOf(property)}: ${/^[A-Z][A-Z0-9_]+$/.test(issue.message ?? '') ? issue.message : 'INVALID_VALUE'}`;
      }),
    );
  }
  const status = error.statusCode;
  if (status && status >= 400 && status < 500) return send(status, [describeClientError(status, error.code).message]);
  const correlationId = randomUUID();
  request.log.error({ err: error, correlationId }, 'unexpected error');
  return send(500, [`Something went wrong (${correlationId})`]);
}

/** The reporter's language, for the replies they will get by email. */
function languageOf(request: FastifyRequest): TLanguage {
  return /^\s*en\b/i.test(request.headers['accept-language'] ?? '') ? 'en-US' : 'pt-PT';
}

/**
 * Open311 GeoReport v2, JSON only (spec issue 6 "Open feeds"): services are
 * the public event categories; requests are event requests, readable by
 * anyone without the reporter's name or email, and open to new reports
 * under the same checks and throttle as the map's form.
 */
export const open311Routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['open311'];
  const config = { rule: 'public' } as const;
  // Open311 clients post forms; the parser is registered for these routes only.
  await app.register(fastifyFormbody);
  // This plugin's errors speak Open311, not the console's `{code, message}`.
  app.setErrorHandler(sendOpen311Error);

  app.get(
    '/open311/v2/services.json',
    {
      config,
      schema: {
        tags,
        description: 'The service list: active public event categories (service_code = category id).',
        response: { 200: z.array(ZOpen311Service) },
      },
    },
    async (request, reply) => sendJson(request, reply, await listOpen311Services(app.db), SERVICES_MAX_AGE),
  );

  app.get(
    '/open311/v2/services/:code.json',
    {
      config,
      schema: {
        tags,
        params: ZOpen311CodeParams,
        response: { 200: ZOpen311ServiceDefinition, 404: ZOpen311Errors },
      },
    },
    async (request, reply) =>
      sendJson(request, reply, await readOpen311ServiceDefinition(app.db, request.params.code), SERVICES_MAX_AGE),
  );

  app.get(
    '/open311/v2/requests.json',
    {
      config,
      schema: {
        tags,
        description:
          'Service requests, newest first, at most 1000; the last 90 days unless dates or ids are given. ' +
          "status: open (pending, or accepted with a live event) or closed. Never the reporter's name or email.",
        querystring: ZOpen311RequestsQuery,
        response: { 200: z.array(ZOpen311Request), 400: ZOpen311Errors },
      },
    },
    async (request, reply) =>
      sendJson(request, reply, await searchOpen311Requests(app.db, request.query), REQUESTS_MAX_AGE),
  );

  app.get(
    '/open311/v2/requests/:id.json',
    {
      config,
      schema: {
        tags,
        params: ZOpen311IdParams,
        response: { 200: z.array(ZOpen311Request), 404: ZOpen311Errors },
      },
    },
    async (request, reply) =>
      sendJson(request, reply, await readOpen311Request(app.db, request.params.id), REQUESTS_MAX_AGE),
  );

  app.post(
    '/open311/v2/requests.json',
    {
      config,
      schema: {
        tags,
        description:
          'A new service request, form-encoded or JSON: service_code, lat, long, address_string, email, ' +
          'first_name, last_name, description (its first line is the title); media_url is ignored. ' +
          'Same checks and per-address limit as POST /event-requests/.',
        body: ZOpen311RequestInput,
        response: { 200: ZOpen311Created, 400: ZOpen311Errors, 429: ZOpen311Errors },
      },
    },
    async (request) => {
      const { id } = await createOpen311Request(app, request.body, {
        ip: request.ip ?? null,
        language: languageOf(request),
      });
      return [{ service_request_id: String(id) }];
    },
  );
};
