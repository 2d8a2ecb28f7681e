import { MAP_MAX_AGE_SECONDS, type TMapItem, ZMapItem, ZPlaceResult, ZPlaceSearchQuery } from '@mip/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCacheable } from '../../http/cacheable.ts';
import { pickEncoding } from '../../http/encoded-bodies.ts';
import { createGeocoder } from './geocoder.ts';
import { createMapCache, type TMapAnswer } from './map-cache.ts';
import { mapTilingOf } from './map-tiling.ts';
import { searchPlaces } from './place-search.ts';

/** GET /map/: the public map's items, polled by every visitor every 50 seconds (spec 001 §7). */
export const mapRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = createMapCache(app.db, mapTilingOf(app.config));
  app.addHook('onClose', cache.close);

  const send = (request: FastifyRequest, reply: FastifyReply, answer: TMapAnswer) => {
    const encoding = pickEncoding(request.headers['accept-encoding']);
    return sendCacheable(request, reply, {
      etag: answer.etag,
      maxAgeSeconds: MAP_MAX_AGE_SECONDS,
      contentType: 'application/json; charset=utf-8',
      // Sent as it is: the schema below documents and types the answer, the cache holds its bytes.
      body: answer.bodies[encoding] as unknown as string,
      contentEncoding: encoding,
    });
  };

  app.get(
    '/map/',
    { config: { rule: 'public' }, schema: { tags: ['map'], response: { 200: z.array(ZMapItem) } } },
    (request, reply) => {
      // With a fresh copy at hand it answers synchronously, without a query or a promise.
      const fresh = cache.fresh();
      if (fresh) {
        send(request, reply, fresh);
        return;
      }
      return cache.get().then((answer) => {
        send(request, reply, answer);
      }) as unknown as Promise<TMapItem[]>;
    },
  );

  const geocoder = createGeocoder({ log: app.log });
  app.get(
    '/map/places',
    {
      config: { rule: 'public' },
      schema: { tags: ['map'], querystring: ZPlaceSearchQuery, response: { 200: z.array(ZPlaceResult) } },
    },
    async (request) =>
      searchPlaces(app.db, geocoder, {
        text: request.query.q,
        // The visitor's first language: street names come back in it where the geocoder has them.
        language: request.headers['accept-language']?.split(',')[0]?.trim() || undefined,
        publicPairs: await app.configurationCache.publicPairs(),
      }),
  );
};
