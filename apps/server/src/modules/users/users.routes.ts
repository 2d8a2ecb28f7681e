import { ZIdParams, ZPagedList, ZSuccess, ZUser, ZUserInput, ZUserListItem, ZUserSearchQuery } from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/audit.ts';
import { requireAuth } from '../../http/auth.ts';
import { authDepsOf } from '../auth/auth.routes.ts';
import { createUser, deleteUser, readUser, searchUsers, updateUser } from './users.service.ts';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  // The impersonation picker lists users too, for holders of IMPERSONATE_USER alone.
  const search = { rule: { any: ['READ_USER', 'IMPERSONATE_USER'] } } as const;
  const write = { rule: { all: ['WRITE_USER'] } } as const;
  const tags = ['users'];
  const ZUserList = ZPagedList(ZUserListItem);

  app.get(
    '/users/search',
    { config: search, schema: { tags, querystring: ZUserSearchQuery, response: { 200: ZUserList } } },
    async (request) => searchUsers(app.db, requireAuth(request), request.query),
  );

  app.post(
    '/users/search',
    { config: search, schema: { tags, body: ZUserSearchQuery, response: { 200: ZUserList } } },
    async (request) => searchUsers(app.db, requireAuth(request), request.body),
  );

  app.get(
    '/users/:id',
    { config: { rule: { all: ['READ_USER'] } }, schema: { tags, params: ZIdParams, response: { 200: ZUser } } },
    async (request) => readUser(app.db, requireAuth(request), request.params.id),
  );

  app.post('/users', { config: write, schema: { tags, body: ZUserInput, response: { 200: ZUser } } }, async (request) =>
    createUser(authDepsOf(app), requireAuth(request), request.body, actorOf(request)),
  );

  app.put(
    '/users/:id',
    { config: write, schema: { tags, params: ZIdParams, body: ZUserInput, response: { 200: ZUser } } },
    async (request) =>
      updateUser(authDepsOf(app), requireAuth(request), request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/users/:id',
    { config: write, schema: { tags, params: ZIdParams, response: { 200: ZSuccess } } },
    async (request) => {
      await deleteUser(app.db, requireAuth(request), request.params.id, actorOf(request));
      return { success: true as const };
    },
  );
};
