import { ZIdParams, ZPagedList, ZRole, ZRoleInput, ZRoleSearchQuery, ZRolesForUserQuery, ZSuccess } from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/audit.ts';
import { requireAuth } from '../../http/auth.ts';
import { createRole, deleteRole, readRole, searchRoles, searchRolesForUser, updateRole } from './roles.service.ts';

const ZRoleList = ZPagedList(ZRole);

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { rule: { any: ['READ_ROLE', 'WRITE_ROLE'] } } as const;
  const write = { rule: { all: ['WRITE_ROLE'] } } as const;
  const tags = ['roles'];

  app.get(
    '/roles/search',
    {
      // The entity-profile form picks the roles a profile allows from this list.
      config: { rule: { any: ['READ_ROLE', 'WRITE_ROLE', 'WRITE_ENTITY_PROFILE'] } },
      schema: { tags, querystring: ZRoleSearchQuery, response: { 200: ZRoleList } },
    },
    async (request) => searchRoles(app.db, requireAuth(request), request.query),
  );

  app.get(
    '/roles/search-for-user',
    {
      config: { rule: { any: ['READ_USER', 'WRITE_USER'] } },
      schema: { tags, querystring: ZRolesForUserQuery, response: { 200: ZRoleList } },
    },
    async (request) => searchRolesForUser(app.db, requireAuth(request), request.query),
  );

  app.get(
    '/roles/:id',
    { config: read, schema: { tags, params: ZIdParams, response: { 200: ZRole } } },
    async (request) => readRole(app.db, request.params.id),
  );

  app.post('/roles', { config: write, schema: { tags, body: ZRoleInput, response: { 200: ZRole } } }, async (request) =>
    createRole(app.db, requireAuth(request), request.body, actorOf(request)),
  );

  app.put(
    '/roles/:id',
    { config: write, schema: { tags, params: ZIdParams, body: ZRoleInput, response: { 200: ZRole } } },
    async (request) => updateRole(app.db, requireAuth(request), request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/roles/:id',
    { config: write, schema: { tags, params: ZIdParams, response: { 200: ZSuccess } } },
    async (request) => {
      await deleteRole(app.db, requireAuth(request), request.params.id, actorOf(request));
      return { success: true as const };
    },
  );
};
