import { ZProfile, ZProfileInput } from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/audit.ts';
import { requireAuth } from '../../http/auth.ts';
import { readProfile, updateProfile } from './personal.service.ts';

/**
 * The personal area's own details (spec 001 /personal). The spec names no
 * call for them; these sit beside /users/search and act only on the caller,
 * so any signed-in user may use them, with no WRITE_USER.
 */
export const personalRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['personal'];
  const config = { rule: 'signedIn' } as const;

  app.get('/users/me', { config, schema: { tags, response: { 200: ZProfile } } }, async (request) =>
    readProfile(app.db, requireAuth(request)),
  );

  app.put(
    '/users/me',
    {
      config,
      schema: {
        tags,
        description: 'Refused (403 IMPERSONATION_NOT_ALLOWED) while impersonating.',
        body: ZProfileInput,
        response: { 200: ZProfile },
      },
    },
    async (request) => updateProfile(app.db, requireAuth(request), request.body, actorOf(request)),
  );
};
