import { ZSchedule, ZScheduleQuery } from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readSchedule } from './public-transport.service.ts';

/** Timetables for the public map and the console (spec 001 §7). */
export const publicTransportRoutes: FastifyPluginAsyncZod = async (app) => {
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
      // Timetables change only with an import: a minute of caching lets a CDN take the map's traffic.
      reply.header('cache-control', 'public, max-age=60');
      return readSchedule(app.db, request.query);
    },
  );
};
