import { ZMapStyleQuery } from '@mip/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listApplicationConfiguration } from '../configuration/configuration.service.ts';
import type { TRenderedStyle } from './base-map-style.ts';
import { createBaseMapStyles, readBaseMapSetting } from './configured-base-map.ts';

const ZAppIdParams = z.object({ appId: z.coerce.number().int().positive().max(2_147_483_647) });

function sendStyle(request: FastifyRequest, reply: FastifyReply, style: TRenderedStyle) {
  reply.header('etag', style.etag).header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === style.etag) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(style.json);
}

/** Spec 001 §7: GET configuration/public/map-style or applications/{appId}/map-style, type=LIGHT or DARK. */
export const mapStyleRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['map'];
  const styleFor = createBaseMapStyles({ streetStyles: app.config.streetMapStyles });
  // The first visitor should not wait for the street style's fetch (nor for its timeout when offline).
  app.addHook('onReady', async () => {
    void styleFor('LIGHT', null);
    void styleFor('DARK', null);
  });
  app.get(
    '/configuration/public/map-style',
    { config: { rule: 'public' }, schema: { tags, querystring: ZMapStyleQuery } },
    async (request, reply) => {
      const setting = readBaseMapSetting(await app.configurationCache.publicPairs());
      return sendStyle(request, reply, await styleFor(request.query.type, setting));
    },
  );

  app.get(
    '/applications/:appId/map-style',
    { config: { rule: 'public' }, schema: { tags, params: ZAppIdParams, querystring: ZMapStyleQuery } },
    async (request, reply) => {
      // Answers 404 for an unknown application; an application may have a base map of its own.
      const setting = readBaseMapSetting(await listApplicationConfiguration(app.db, request.params.appId));
      return sendStyle(request, reply, await styleFor(request.query.type, setting));
    },
  );
};
