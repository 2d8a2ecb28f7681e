import {
  ZEntityProfile,
  ZEntityProfileInput,
  ZEntityProfileSearchQuery,
  ZIdParams,
  ZPagedList,
  ZSuccess,
} from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/audit.ts';
import { requireAuth } from '../../http/auth.ts';
import {
  createEntityProfile,
  deleteEntityProfile,
  readEntityProfile,
  searchEntityProfiles,
  updateEntityProfile,
} from './entity-profiles.service.ts';

export const entityProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { rule: { any: ['READ_ENTITY', 'WRITE_ENTITY', 'WRITE_ENTITY_PROFILE'] } } as const;
  const write = { rule: { all: ['WRITE_ENTITY_PROFILE'] } } as const;
  const tags = ['entity-profiles'];
  const scope =
    'A caller limited by entitiesAccessList changes only a profile no entity outside their scope uses (404 ' +
    'otherwise); roleIds may add or take away only roles whose every permission the caller holds (INVALID_ROLE).';

  app.get(
    '/entity-profiles/search',
    {
      config: read,
      schema: { tags, querystring: ZEntityProfileSearchQuery, response: { 200: ZPagedList(ZEntityProfile) } },
    },
    async (request) => searchEntityProfiles(app.db, request.query),
  );

  app.get(
    '/entity-profiles/:id',
    { config: read, schema: { tags, params: ZIdParams, response: { 200: ZEntityProfile } } },
    async (request) => readEntityProfile(app.db, request.params.id),
  );

  app.post(
    '/entity-profiles',
    { config: write, schema: { tags, body: ZEntityProfileInput, response: { 200: ZEntityProfile } } },
    async (request) => createEntityProfile(app.db, requireAuth(request), request.body, actorOf(request)),
  );

  app.put(
    '/entity-profiles/:id',
    {
      config: write,
      schema: {
        tags,
        description: scope,
        params: ZIdParams,
        body: ZEntityProfileInput,
        response: { 200: ZEntityProfile },
      },
    },
    async (request) =>
      updateEntityProfile(app.db, requireAuth(request), request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/entity-profiles/:id',
    { config: write, schema: { tags, description: scope, params: ZIdParams, response: { 200: ZSuccess } } },
    async (request) => {
      await deleteEntityProfile(app.db, requireAuth(request), request.params.id, actorOf(request));
      return { success: true as const };
    },
  );
};
