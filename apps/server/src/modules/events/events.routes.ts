import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  ZEvent,
  ZEventBulkTransfer,
  ZEventComment,
  ZEventCommentInput,
  ZEventGeoJsonInput,
  ZEventInput,
  ZEventListItem,
  ZEventSearchQuery,
  ZEventStatusChange,
  ZEventTimelineEntry,
  ZEventTransfer,
  ZIdParams,
  ZPagedList,
  ZPublicEvent,
  ZPublicEventListItem,
  ZPublicEventSearchQuery,
  ZSuccess,
} from '@mip/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/audit.ts';
import { requireAuth } from '../../http/auth.ts';
import { sendCacheable } from '../../http/cacheable.ts';
import {
  addEventComment,
  changeEventStatus,
  createEventAsCaller,
  deleteEvent,
  listEventComments,
  listEventTimeline,
  openEventsCsv,
  readEvent,
  searchEvents,
  transferEvent,
  transferEvents,
  updateEvent,
} from './events.service.ts';
import { readPublicEvent, searchPublicEvents } from './public-events.service.ts';
import { suggestAffectedSystems } from './suggest-systems.service.ts';

/** Public incident answers are polled by the map's visitors: a short max-age and an ETag absorb the repeats. */
const PUBLIC_MAX_AGE_SECONDS = 30;

function sendPublicJson(request: FastifyRequest, reply: FastifyReply, answer: unknown) {
  const body = JSON.stringify(answer);
  return sendCacheable(request, reply, {
    etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
    maxAgeSeconds: PUBLIC_MAX_AGE_SECONDS,
    contentType: 'application/json; charset=utf-8',
    body,
  });
}

const ZSuggestedSystem = z.object({ id: z.number().int(), name: z.string(), parentName: z.string() });

/**
 * /events in the console (spec 000 §2): MANAGE_EVENTS reads and works on the
 * events of the caller's entities, WRITE_EVENT also creates, edits and
 * deletes them. The incident card and /incidents read the public side.
 */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['events'];
  const manage = { rule: { all: ['MANAGE_EVENTS'] } } as const;
  const write = { rule: { all: ['MANAGE_EVENTS', 'WRITE_EVENT'] } } as const;
  const isPublic = { rule: 'public' } as const;

  app.get(
    '/events/search',
    {
      config: manage,
      schema: { tags, querystring: ZEventSearchQuery, response: { 200: ZPagedList(ZEventListItem) } },
    },
    async (request) => searchEvents(app.db, requireAuth(request), request.query),
  );

  app.get(
    '/events/export',
    {
      config: manage,
      schema: {
        tags,
        description: 'The filtered list as CSV (UTF-8 with BOM) in the list order, at most 100,000 rows.',
        querystring: ZEventSearchQuery,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const chunks = await openEventsCsv(app.db, requireAuth(request), request.query);
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="events-${stamp}.csv"`)
        .send(Readable.from(chunks) as unknown as string);
    },
  );

  app.get(
    '/events/public',
    {
      config: isPublic,
      schema: {
        tags,
        description: 'Current and future public incidents (/incidents); cacheable for a short while.',
        querystring: ZPublicEventSearchQuery,
        response: { 200: ZPagedList(ZPublicEventListItem) },
      },
    },
    async (request, reply) => sendPublicJson(request, reply, await searchPublicEvents(app.db, request.query)),
  );

  app.get(
    '/events/public/:id',
    {
      config: isPublic,
      schema: {
        tags,
        description: 'The incident card; 404 unless the event is public, live and of an active category.',
        params: ZIdParams,
        response: { 200: ZPublicEvent },
      },
    },
    async (request, reply) => sendPublicJson(request, reply, await readPublicEvent(app.db, request.params.id)),
  );

  app.post(
    '/events/suggest-systems',
    {
      config: manage,
      schema: {
        tags,
        description: 'Active mobility systems within about 50 m of the drawn parts (not the alternative paths).',
        body: z.object({ geojson: ZEventGeoJsonInput }),
        response: { 200: z.array(ZSuggestedSystem) },
      },
    },
    async (request) => suggestAffectedSystems(app.db, request.body.geojson),
  );

  app.post(
    '/events/transfer',
    {
      config: manage,
      schema: {
        tags,
        description: 'Hands every listed event to the entity, or none of them.',
        body: ZEventBulkTransfer,
        response: { 200: ZSuccess.extend({ transferred: z.number().int() }) },
      },
    },
    async (request) => transferEvents(app.db, request.body, requireAuth(request), actorOf(request)),
  );

  app.get(
    '/events/:id',
    { config: manage, schema: { tags, params: ZIdParams, response: { 200: ZEvent } } },
    async (request) => readEvent(app.db, request.params.id, requireAuth(request)),
  );

  app.post(
    '/events',
    { config: write, schema: { tags, body: ZEventInput, response: { 200: ZEvent } } },
    async (request) => createEventAsCaller(app.db, request.body, requireAuth(request), actorOf(request)),
  );

  app.put(
    '/events/:id',
    { config: write, schema: { tags, params: ZIdParams, body: ZEventInput, response: { 200: ZEvent } } },
    async (request) => updateEvent(app.db, request.params.id, request.body, requireAuth(request), actorOf(request)),
  );

  app.delete(
    '/events/:id',
    { config: write, schema: { tags, params: ZIdParams, response: { 200: ZSuccess } } },
    async (request) => {
      await deleteEvent(app.db, request.params.id, requireAuth(request), actorOf(request));
      return { success: true as const };
    },
  );

  app.put(
    '/events/:id/status',
    { config: manage, schema: { tags, params: ZIdParams, body: ZEventStatusChange, response: { 200: ZEvent } } },
    async (request) => {
      const { event } = await changeEventStatus(
        app.db,
        app.jobs,
        request.params.id,
        request.body,
        requireAuth(request),
        actorOf(request),
      );
      return event;
    },
  );

  app.get(
    '/events/:id/comments',
    { config: manage, schema: { tags, params: ZIdParams, response: { 200: z.array(ZEventComment) } } },
    async (request) => listEventComments(app.db, request.params.id, requireAuth(request)),
  );

  app.post(
    '/events/:id/comments',
    {
      config: manage,
      schema: { tags, params: ZIdParams, body: ZEventCommentInput, response: { 200: ZEventComment } },
    },
    async (request) => {
      const { comment } = await addEventComment(
        app.db,
        app.jobs,
        request.params.id,
        request.body,
        requireAuth(request),
        actorOf(request),
      );
      return comment;
    },
  );

  app.get(
    '/events/:id/timeline',
    { config: manage, schema: { tags, params: ZIdParams, response: { 200: z.array(ZEventTimelineEntry) } } },
    async (request) => listEventTimeline(app.db, request.params.id, requireAuth(request)),
  );

  app.post(
    '/events/:id/transfer',
    { config: manage, schema: { tags, params: ZIdParams, body: ZEventTransfer, response: { 200: ZEvent } } },
    async (request) => transferEvent(app.db, request.params.id, request.body, requireAuth(request), actorOf(request)),
  );
};
