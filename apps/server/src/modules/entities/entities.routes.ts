import {
  ZEntity,
  ZEntityInput,
  ZEntitySearchItem,
  ZEntitySearchQuery,
  ZIdParams,
  ZPagedList,
  ZSuccess,
} from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/audit.ts';
import { requireAuth } from '../../http/auth.ts';
import { createEntity, deleteEntity, readEntity, searchEntities, updateEntity } from './entities.service.ts';

export const entityRoutes: FastifyPluginAsyncZod = async (app) => {
  const write = { rule: { all: ['WRITE_ENTITY'] } } as const;
  const tags = ['entities'];

  app.get(
    '/entities/search',
    {
      // Results are limited to the caller's scope; user forms and filters need the list too.
      config: { rule: { any: ['READ_ENTITY', 'READ_OWN_ENTITY', 'READ_USER', 'WRITE_USER'] } },
      schema: { tags, querystring: ZEntitySearchQuery, response: { 200: ZPagedList(ZEntitySearchItem) } },
    },
    async (request) => searchEntities(app.db, requireAuth(request), request.query),
  );

  app.get(
    '/entities/mine',
    { config: { rule: { all: ['READ_OWN_ENTITY'] } }, schema: { tags, response: { 200: ZEntity } } },
    async (request) => {
      const auth = requireAuth(request);
      return readEntity(app.db, auth, auth.user.entityId);
    },
  );

  app.get(
    '/entities/:id',
    {
      config: { rule: { any: ['READ_ENTITY', 'READ_OWN_ENTITY'] } },
      schema: { tags, params: ZIdParams, response: { 200: ZEntity } },
    },
    async (request) => readEntity(app.db, requireAuth(request), request.params.id),
  );

  app.post(
    '/entities',
    { config: write, schema: { tags, body: ZEntityInput, response: { 200: ZEntity } } },
    async (request) => createEntity(app.db, requireAuth(request), request.body, actorOf(request)),
  );

  app.put(
    '/entities/:id',
    { config: write, schema: { tags, params: ZIdParams, body: ZEntityInput, response: { 200: ZEntity } } },
    async (request) => updateEntity(app.db, requireAuth(request), request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/entities/:id',
    { config: write, schema: { tags, params: ZIdParams, response: { 200: ZSuccess } } },
    async (request) => {
      await deleteEntity(app.db, requireAuth(request), request.params.id, actorOf(request));
      return { success: true as const };
    },
  );
};
