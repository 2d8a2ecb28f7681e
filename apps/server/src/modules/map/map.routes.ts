import { MAP_MAX_AGE_SECONDS, type TMapItem, ZMapItem } from '@mip/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCacheable } from '../../http/cacheable.ts';
import { createMapCache, pickEncoding, type TMapAnswer } from './map-cache.ts';

/** GET /map/: the public map's items, polled by every visitor every 50 seconds (spec 001 §7). */
export const mapRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = createMapCache(app.db);
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
};
