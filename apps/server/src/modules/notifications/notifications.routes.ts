import { ZIdParams, ZNotification, ZNotificationSearchQuery, ZPagedList } from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/auth.ts';
import {
  countUnreadNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  searchNotifications,
} from './notifications.service.ts';

const ZCount = z.object({ count: z.number().int() });

/**
 * Spec 001 /notifications/: what finished for the signed-in user. Reading
 * them changes nothing but their own read marks, so it is not audited.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];
  const config = { rule: 'signedIn' } as const;

  app.get(
    '/notifications/search',
    {
      config,
      schema: { tags, querystring: ZNotificationSearchQuery, response: { 200: ZPagedList(ZNotification) } },
    },
    async (request) => searchNotifications(app.db, requireAuth(request).user.id, request.query),
  );

  app.get(
    '/notifications/unread-count',
    { config, schema: { tags, description: 'For the bell badge.', response: { 200: ZCount } } },
    async (request) => ({ count: await countUnreadNotifications(app.db, requireAuth(request).user.id) }),
  );

  app.put(
    '/notifications/read-all',
    { config, schema: { tags, description: 'Answers how many were unread.', response: { 200: ZCount } } },
    async (request) => ({ count: await markAllNotificationsRead(app.db, requireAuth(request).user.id) }),
  );

  app.put(
    '/notifications/:id/read',
    { config, schema: { tags, params: ZIdParams, response: { 200: ZNotification } } },
    async (request) => markNotificationRead(app.db, requireAuth(request).user.id, request.params.id),
  );
};
