import {
  INFORMATION_TYPES,
  type TConfigurationPair,
  ZAppIconQuery,
  ZConfigurationPair,
  ZIdParams,
  ZInformation,
  ZInformationQuery,
  ZSuccess,
} from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/audit.ts';
import { assertApplicationOpen } from '../applications/applications.service.ts';
import { renderAppStyle, renderIconPng, renderIconSvg } from './app-look.ts';
import {
  listAllConfiguration,
  listApplicationConfiguration,
  readInformation,
  saveConfiguration,
  saveInformation,
} from './configuration.service.ts';

const ZPairs = z.array(ZConfigurationPair);
const ZAppIdParams = z.object({ appId: ZIdParams.shape.id });
const ZSaveConfiguration = z.object({
  pairs: z
    .array(z.object({ name: z.string().min(1).max(100), value: z.string().max(10_000) }))
    .min(1)
    .max(100),
});
const ZSaveInformation = z.object({
  type: z.enum(INFORMATION_TYPES),
  content: z.string().max(20_000),
});

export const configurationRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicRead = { config: { rule: 'public' as const } };

  app.get(
    '/configuration/public/list',
    { ...publicRead, schema: { tags: ['configuration'], response: { 200: ZPairs } } },
    (_request, reply) => {
      // The busiest call of the product costs neither a query nor serialisation: the cache keeps the JSON text,
      // and Fastify sends a JSON string as it is (the schema above still documents and types the answer).
      // With a fresh copy at hand it answers synchronously, without a promise.
      const send = (json: string) =>
        reply.type('application/json; charset=utf-8').send(json as unknown as TConfigurationPair[]);
      const fresh = app.configurationCache.freshPublicJson();
      if (fresh !== null) {
        send(fresh);
        return;
      }
      return app.configurationCache.publicJson().then((json) => {
        send(json);
      });
    },
  );

  app.get(
    '/applications/:appId',
    { ...publicRead, schema: { tags: ['configuration'], params: ZAppIdParams, response: { 200: ZPairs } } },
    async (request) => {
      await assertApplicationOpen(app.db, request.auth, request.params.appId);
      return listApplicationConfiguration(app.db, request.params.appId);
    },
  );

  app.get(
    '/configuration/public/appicon',
    { ...publicRead, schema: { tags: ['configuration'], querystring: ZAppIconQuery } },
    async (request, reply) => {
      const pairs = await app.configurationCache.publicPairs();
      const { type, size } = request.query;
      reply.header('cache-control', 'public, max-age=3600');
      if (type === 'SVG') return reply.type('image/svg+xml').send(renderIconSvg(pairs, size));
      return reply.type('image/png').send(renderIconPng(pairs, size));
    },
  );

  app.get(
    '/configuration/public/app-style',
    { ...publicRead, schema: { tags: ['configuration'] } },
    async (_request, reply) => reply.type('text/css').send(renderAppStyle(await app.configurationCache.publicPairs())),
  );

  app.get(
    '/applications/:appId/app-style',
    { ...publicRead, schema: { tags: ['configuration'], params: ZAppIdParams } },
    async (request, reply) =>
      reply.type('text/css').send(renderAppStyle(await listApplicationConfiguration(app.db, request.params.appId))),
  );

  app.get(
    '/informations/',
    {
      ...publicRead,
      schema: { tags: ['configuration'], querystring: ZInformationQuery, response: { 200: ZInformation } },
    },
    async (request) => readInformation(app.db, request.query.type),
  );

  app.put(
    '/informations/',
    {
      config: { rule: { all: ['WRITE_CONFIGURATION'] } },
      schema: { tags: ['configuration'], body: ZSaveInformation, response: { 200: ZInformation } },
    },
    async (request) => {
      await saveInformation(app.db, request.body.type, request.body.content, actorOf(request));
      return readInformation(app.db, request.body.type);
    },
  );

  app.get(
    '/configuration/list',
    {
      config: { rule: { all: ['WRITE_CONFIGURATION'] } },
      schema: { tags: ['configuration'], response: { 200: ZPairs } },
    },
    async () => listAllConfiguration(app.db),
  );

  app.put(
    '/configuration/',
    {
      config: { rule: { all: ['WRITE_CONFIGURATION'] } },
      schema: { tags: ['configuration'], body: ZSaveConfiguration, response: { 200: ZSuccess } },
    },
    async (request) => {
      await saveConfiguration(app.db, request.body.pairs, actorOf(request));
      // Other processes hear of it by NOTIFY; this one must not answer the old values even for a moment.
      app.configurationCache.invalidate();
      return { success: true as const };
    },
  );
};
