import { parseConfigurationValue, ZTrafficCollection, ZTrafficFeedStatus } from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/audit.ts';
import { sendCacheable } from '../../http/cacheable.ts';
import { readTrafficFeedStatus, refreshTrafficFeed, WAZE_ENABLED } from './traffic.service.ts';
import { createTrafficSnapshotCache } from './traffic-snapshot.ts';

/**
 * Traffic from the Waze for Cities feed (spec 001 §7 GET /waze/traffic/).
 * The feed is polled in the background (the poll-traffic-feed job, every 2
 * minutes); staff read how the polls go and may ask for one now.
 */
export const trafficRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['traffic'];
  const staff = { rule: { any: ['MANAGE_LAYERS', 'WRITE_CONFIGURATION'] } } as const;
  const snapshot = createTrafficSnapshotCache(app.db);

  app.get(
    '/waze/traffic/',
    {
      config: { rule: 'public' },
      schema: {
        tags,
        description:
          'The jams of the latest feed snapshot as GeoJSON lines. With waze_enabled off the collection is empty ' +
          '(the map shows no traffic) rather than an error. ETag and a short max-age let caches absorb the polling.',
        response: { 200: ZTrafficCollection },
      },
    },
    async (request, reply) => {
      const pairs = await app.configurationCache.publicPairs();
      const enabled = pairs.find((pair) => pair.name === WAZE_ENABLED);
      const answer = await snapshot.answer(parseConfigurationValue(enabled?.value ?? 'false') === true);
      return sendCacheable(request, reply, {
        etag: answer.etag,
        maxAgeSeconds: 30,
        contentType: 'application/json; charset=utf-8',
        body: answer.json,
      });
    },
  );

  app.get('/waze/status', { config: staff, schema: { tags, response: { 200: ZTrafficFeedStatus } } }, async () =>
    readTrafficFeedStatus(app.db),
  );

  app.post(
    '/waze/refresh',
    {
      config: staff,
      schema: {
        tags,
        description: 'Reads the feed now instead of at the next 2-minute round; answers the status afterwards.',
        response: { 200: ZTrafficFeedStatus },
      },
    },
    async (request) => refreshTrafficFeed(app.db, actorOf(request)),
  );
};
