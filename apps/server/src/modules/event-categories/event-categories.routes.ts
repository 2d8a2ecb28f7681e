import {
  ZEventCategory,
  ZEventCategoryInput,
  ZEventCategoryListItem,
  ZEventCategorySearchQuery,
  ZIdParams,
  ZPagedList,
  ZSuccess,
} from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/audit.ts';
import { requireAuth } from '../../http/auth.ts';
import {
  createEventCategory,
  deleteEventCategory,
  listEventCategories,
  readEventCategory,
  searchEventCategories,
  updateEventCategory,
} from './event-categories.service.ts';

/** /event-category in the console (MANAGE_EVENT_CATEGORIES); the list and search also serve the public forms (spec 001 §7). */
export const eventCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['event-categories'];
  const isPublic = { rule: 'public' } as const;
  // The event form reads a category's settings too.
  const read = { rule: { any: ['MANAGE_EVENT_CATEGORIES', 'MANAGE_EVENTS'] } } as const;
  const write = { rule: { all: ['MANAGE_EVENT_CATEGORIES'] } } as const;

  app.get(
    '/event-categories/list',
    {
      config: isPublic,
      schema: {
        tags,
        description: 'Active categories by name; visitors get only those the public may report.',
        response: { 200: z.array(ZEventCategoryListItem) },
      },
    },
    async (request) => listEventCategories(app.db, request.auth),
  );

  app.get(
    '/event-categories/search',
    {
      config: isPublic,
      schema: {
        tags,
        description: 'Visitors always get public, active categories, without who handles them.',
        querystring: ZEventCategorySearchQuery,
        response: { 200: ZPagedList(ZEventCategory) },
      },
    },
    async (request) => searchEventCategories(app.db, request.auth, request.query),
  );

  app.get(
    '/event-categories/:id',
    { config: read, schema: { tags, params: ZIdParams, response: { 200: ZEventCategory } } },
    async (request) => readEventCategory(app.db, request.params.id),
  );

  app.post(
    '/event-categories',
    { config: write, schema: { tags, body: ZEventCategoryInput, response: { 200: ZEventCategory } } },
    async (request) => createEventCategory(app.db, request.body, requireAuth(request), actorOf(request)),
  );

  app.put(
    '/event-categories/:id',
    {
      config: write,
      schema: { tags, params: ZIdParams, body: ZEventCategoryInput, response: { 200: ZEventCategory } },
    },
    async (request) =>
      updateEventCategory(app.db, request.params.id, request.body, requireAuth(request), actorOf(request)),
  );

  app.delete(
    '/event-categories/:id',
    { config: write, schema: { tags, params: ZIdParams, response: { 200: ZSuccess } } },
    async (request) => {
      await deleteEventCategory(app.db, request.params.id, requireAuth(request), actorOf(request));
      return { success: true as const };
    },
  );
};
