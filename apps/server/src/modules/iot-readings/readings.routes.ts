import { ZIdParams, ZSystemReadings, ZSystemReadingsQuery } from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readSystemReadings } from './readings.service.ts';

/** The system card's live values and chart (spec 001 §2 system card, parameters). */
export const iotReadingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mobility-system/:id/readings',
    {
      config: { rule: 'public' },
      schema: {
        tags: ['iot-readings'],
        description:
          'The latest reading and the last `hours` (1, 6, 24 or 72; 6 by default) of each IOT parameter of an ' +
          'active system, averaged into at most 120 points. Public, like the card it feeds.',
        params: ZIdParams,
        querystring: ZSystemReadingsQuery,
        response: { 200: ZSystemReadings },
      },
    },
    async (request) => readSystemReadings(app.db, request.params.id, request.query.hours),
  );
};
