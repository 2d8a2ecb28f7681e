import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCacheable } from '../../http/cacheable.ts';
import { pickEncoding } from '../../http/encoded-bodies.ts';
import { createOpenFeedsCache, type TOpenFeeds } from './open-feeds.cache.ts';
import { ZAlertsFeedJson } from './open-feeds.gtfs-rt.ts';
import { ZWazeFeed } from './open-feeds.waze.ts';

/** Consumers poll feeds every 30 seconds or so; a CDN in front takes the repeats. */
export const OPEN_FEED_MAX_AGE_SECONDS = 30;

const tags = ['open-feeds'];
const publicRoute = { rule: 'public' } as const;

/**
 * Open data of the public incidents for other apps (issue 6, "Open feeds"): GTFS-Realtime Service Alerts for
 * journey planners and the Waze closure and incident feed. Public, cacheable, readable from any origin.
 */
export const openFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = createOpenFeedsCache(app.db, app.config.publicUrl);
  app.addHook('onClose', cache.close);

  const send = async (request: FastifyRequest, reply: FastifyReply, feed: keyof TOpenFeeds, contentType: string) => {
    const answer = (cache.fresh() ?? (await cache.get()))[feed];
    // Open data: any web page may read it (a simple GET, no credentials, so no preflight is needed).
    reply.header('access-control-allow-origin', '*');
    const encoding = pickEncoding(request.headers['accept-encoding'], ['gzip']);
    return sendCacheable(request, reply, {
      etag: answer.etag,
      maxAgeSeconds: OPEN_FEED_MAX_AGE_SECONDS,
      contentType,
      body: encoding === 'gzip' ? answer.gzipped : answer.body,
      contentEncoding: encoding,
    });
  };

  app.get(
    '/feeds/gtfs-rt/alerts',
    {
      config: publicRoute,
      schema: {
        tags,
        description:
          'GTFS-Realtime Service Alerts (protobuf FeedMessage, FULL_DATASET): one alert per public current or ' +
          'future event that affects a GTFS stop or route, with its active period, informed stops and routes, ' +
          'cause, effect, severity, texts in pt and en and a link to the event on the map.',
      },
    },
    (request, reply) => send(request, reply, 'gtfsRtAlerts', 'application/x-protobuf'),
  );

  app.get(
    '/feeds/gtfs-rt/alerts.json',
    {
      config: publicRoute,
      schema: {
        tags,
        description: 'The same FeedMessage in the protobuf JSON mapping, for reading and debugging.',
        response: { 200: ZAlertsFeedJson },
      },
    },
    // The cache holds the serialised text; the schema documents it.
    (request, reply) => send(request, reply, 'gtfsRtAlertsJson', 'application/json; charset=utf-8') as never,
  );

  app.get(
    '/feeds/waze/cifs.json',
    {
      config: publicRoute,
      schema: {
        tags,
        description:
          'Road closures (TRAFFIC_CLOSED categories) and hazards (TRAFFIC_HAZARD) among the public current and ' +
          'future events, in the Waze Closure and Incident Feed Specification (CIFS), JSON form.',
        response: { 200: ZWazeFeed },
      },
    },
    (request, reply) => send(request, reply, 'wazeCifs', 'application/json; charset=utf-8') as never,
  );
};
