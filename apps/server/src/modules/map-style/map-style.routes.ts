import { ZMapStyleQuery } from '@mip/shared';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applications } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { baseMapStyle } from './base-map-style.ts';

const ZAppIdParams = z.object({ appId: z.coerce.number().int().positive().max(2_147_483_647) });

function sendStyle(request: FastifyRequest, reply: FastifyReply, type: 'LIGHT' | 'DARK') {
  const style = baseMapStyle(type);
  reply.header('etag', style.etag).header('cache-control', 'public, max-age=3600');
  if (request.headers['if-none-match'] === style.etag) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(style.json);
}

/** Spec 001 §7: GET configuration/public/map-style or applications/{appId}/map-style, type=LIGHT or DARK. */
export const mapStyleRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['map'];
  app.get(
    '/configuration/public/map-style',
    { config: { rule: 'public' }, schema: { tags, querystring: ZMapStyleQuery } },
    async (request, reply) => sendStyle(request, reply, request.query.type),
  );

  app.get(
    '/applications/:appId/map-style',
    { config: { rule: 'public' }, schema: { tags, params: ZAppIdParams, querystring: ZMapStyleQuery } },
    async (request, reply) => {
      const [found] = await app.db
        .select({ id: applications.id })
        .from(applications)
        .where(eq(applications.id, request.params.appId));
      if (!found) throw notFound();
      return sendStyle(request, reply, request.query.type);
    },
  );
};
