import { type TSchedule, ZSchedule, ZScheduleQuery } from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCacheable } from '../../http/cacheable.ts';
import { encodedBytes, pickEncoding, type TEncodedBodies } from '../../http/encoded-bodies.ts';
import { createSharedResultCache } from '../../lib/shared-result-cache.ts';
import { readSchedule } from './public-transport.service.ts';

/**
 * How long a timetable's answer is kept: an import changes the feed (and the key) at once, so this only bounds how
 * long an edit of a route's system (its name, its days) takes to show.
 */
const SCHEDULE_CACHE_TTL_MS = 5 * 60_000;
/** The answers kept in all, per process: the busiest stop of a national feed is about a megabyte (before compression). */
const SCHEDULE_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/** Timetables for the public map and the console (spec 001 §7). */
export const publicTransportRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = createSharedResultCache<TEncodedBodies>({
    ttlMs: SCHEDULE_CACHE_TTL_MS,
    maxBytes: SCHEDULE_CACHE_MAX_BYTES,
    sizeOf: encodedBytes,
  });
  app.get(
    '/public-transport/schedule',
    {
      config: { rule: 'public' },
      schema: {
        tags: ['public-transport'],
        description:
          'The timetable of a stop (stopId, a STOP system) or a route (routeId, a ROUTE system; direction MAIN or ' +
          'OPPOSITE) on a date (YYYY-MM-DD, default today in the network time zone). Times are GTFS service-day ' +
          'times and may pass 24:00.',
        querystring: ZScheduleQuery,
        response: { 200: ZSchedule },
      },
    },
    async (request, reply) => {
      const answer = await readSchedule(app.db, request.query, cache);
      const encoding = pickEncoding(request.headers['accept-encoding']);
      sendCacheable(request, reply, {
        etag: answer.etag,
        // Timetables change only with an import: a minute of caching lets a CDN take the map's traffic.
        maxAgeSeconds: 60,
        contentType: 'application/json; charset=utf-8',
        // Sent as it is: the schema above documents and types the answer, the cache holds its bytes.
        body: answer.bodies[encoding],
        contentEncoding: encoding,
      });
      return reply as unknown as TSchedule;
    },
  );
};
