import {
  EVENT_REQUEST_MAX_PHOTOS,
  EVENT_REQUEST_PHOTO_MAX_MB,
  MEGABYTE,
  ZEventRequest,
  ZEventRequestAccept,
  ZEventRequestCreated,
  ZEventRequestFollowUp,
  ZEventRequestInput,
  ZEventRequestListItem,
  ZEventRequestReject,
  ZEventRequestSearchQuery,
  ZFollowUpToken,
  ZIdParams,
  ZPagedList,
} from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/audit.ts';
import { requireAuth } from '../../http/auth.ts';
import {
  acceptEventRequest,
  createEventRequest,
  readEventRequest,
  rejectEventRequest,
  searchEventRequests,
} from './event-requests.service.ts';
import { readFollowUp } from './follow-up.ts';

/** The photos of one report in base64 (4 characters for 3 bytes), plus room for the rest of the form. */
const REPORT_BODY_LIMIT =
  Math.ceil((EVENT_REQUEST_MAX_PHOTOS * EVENT_REQUEST_PHOTO_MAX_MB * MEGABYTE * 4) / 3) + MEGABYTE;

/**
 * Event requests (spec 001 §2, §7): occurrences the public reports from the
 * map, and the console where staff with MANAGE_EVENTS accept or reject them.
 */
export const eventRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['event-requests'];
  const manage = { rule: { all: ['MANAGE_EVENTS'] } } as const;

  app.post(
    '/event-requests/',
    {
      config: { rule: 'public' },
      bodyLimit: REPORT_BODY_LIMIT,
      schema: {
        tags,
        description:
          'Spec 001 §7: a visitor reports an occurrence (answered with "Ocorrência registada"). Photos are sent ' +
          'in base64 and re-encoded without their metadata (EXIF, GPS). Limited per client address ' +
          '(429 with Retry-After).',
        body: ZEventRequestInput,
        response: { 200: ZEventRequestCreated },
      },
    },
    async (request) => {
      const { id, followUpToken } = await createEventRequest(app, request.body, {
        ip: request.ip ?? null,
        source: 'PORTAL',
      });
      return { id, status: 'PENDING' as const, followUpToken };
    },
  );

  app.get(
    '/event-requests/follow-up/:token',
    {
      config: { rule: 'public' },
      schema: {
        tags,
        description:
          "A reporter's private follow-up page: the report's state, the entity that handles it and, once " +
          'accepted, the incident it became with its public updates. The token came with the report (and by ' +
          'email); no name or address is answered.',
        params: z.object({ token: ZFollowUpToken }),
        response: { 200: ZEventRequestFollowUp },
      },
    },
    // Like every API answer, never stored (no-store): it is for whoever holds the link.
    async (request) => readFollowUp(app.db, request.params.token),
  );

  app.get(
    '/event-requests/search',
    {
      config: manage,
      schema: {
        tags,
        description:
          "The /event-request/ list: reports of categories allocated within the caller's entities, or to none.",
        querystring: ZEventRequestSearchQuery,
        response: { 200: ZPagedList(ZEventRequestListItem) },
      },
    },
    async (request) => searchEventRequests(app.db, request.query, requireAuth(request)),
  );

  app.get(
    '/event-requests/:id',
    { config: manage, schema: { tags, params: ZIdParams, response: { 200: ZEventRequest } } },
    async (request) => readEventRequest(app.db, request.params.id, requireAuth(request)),
  );

  app.post(
    '/event-requests/:id/accept',
    {
      config: manage,
      schema: {
        tags,
        description:
          'Only while PENDING (409 REQUEST_NOT_PENDING). Creates the event, linked both ways, with the ' +
          "report's photos; a report without a location needs geojson (MISSING_GEOMETRY). The reporter is emailed.",
        params: ZIdParams,
        body: ZEventRequestAccept,
        response: { 200: ZEventRequest },
      },
    },
    async (request) => acceptEventRequest(app, request.params.id, request.body, requireAuth(request), actorOf(request)),
  );

  app.post(
    '/event-requests/:id/reject',
    {
      config: manage,
      schema: {
        tags,
        description:
          'Only while PENDING (409 REQUEST_NOT_PENDING); the reason is mandatory and emailed to the reporter.',
        params: ZIdParams,
        body: ZEventRequestReject,
        response: { 200: ZEventRequest },
      },
    },
    async (request) => rejectEventRequest(app, request.params.id, request.body, requireAuth(request), actorOf(request)),
  );
};
