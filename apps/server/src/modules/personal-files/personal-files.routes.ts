import { ZIdParams, ZPagedList, ZSuccess, ZUserFile, ZUserFileSearchQuery } from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendAttachment } from '../../http/attachment.ts';
import { actorOf } from '../../http/audit.ts';
import { requireAuth } from '../../http/auth.ts';
import { deleteUserFile, readUserFileContents, searchUserFiles } from './personal-files.service.ts';

/** Spec 001 /personal/files: the files generated for the signed-in user (reports, exports). Only their own. */
export const personalFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['personal-files'];
  const config = { rule: 'signedIn' } as const;

  app.get(
    '/personal/files/search',
    {
      config,
      schema: { tags, querystring: ZUserFileSearchQuery, response: { 200: ZPagedList(ZUserFile) } },
    },
    async (request) => searchUserFiles(app.db, requireAuth(request).user.id, request.query),
  );

  app.get(
    '/personal/files/:id/download',
    { config, schema: { tags, params: ZIdParams, description: 'The file as an attachment, under its name.' } },
    async (request, reply) =>
      sendAttachment(reply, await readUserFileContents(app.db, requireAuth(request).user.id, request.params.id)),
  );

  app.delete(
    '/personal/files/:id',
    { config, schema: { tags, params: ZIdParams, response: { 200: ZSuccess } } },
    async (request) => {
      await deleteUserFile(app.db, requireAuth(request).user.id, request.params.id, actorOf(request));
      return { success: true as const };
    },
  );
};
