import { ZHomeWork } from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.ts';
import { readHomeWork } from './home.service.ts';

/** The console home (spec 000 §2 "/"): the signed-in user's work, in one call. */
export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/home/work',
    {
      config: { rule: 'signedIn' },
      schema: {
        tags: ['home'],
        description:
          "Requests waiting for the caller's entities, their live events by priority, GTFS imports under way or " +
          'failed, and their reports ready: each a total and at most 5 records, filtered as its own list is. ' +
          'A section whose list the caller may not open is absent.',
        response: { 200: ZHomeWork },
      },
    },
    async (request) => readHomeWork(app.db, requireAuth(request)),
  );
};
