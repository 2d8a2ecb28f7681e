import fastifyMultipart from '@fastify/multipart';
import { HELP_IMAGE_MAX_MB, MEGABYTE, ZHelpImage, ZHelpImageParams } from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/audit.ts';
import { sendCacheable } from '../../http/cacheable.ts';
import { readSingleFileUpload } from '../documents/multipart-upload.ts';
import { readHelpImage, storeHelpImage } from './help-images.service.ts';

/** An image's bytes never change under its id: browsers and a CDN may keep it for a year. */
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/**
 * Pictures for help articles, uploaded from the editor (WRITE_HELP) and read
 * by anyone, since the articles are. A plugin of its own so the multipart
 * parser stays out of the JSON routes.
 */
export const helpImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['help'];
  await app.register(fastifyMultipart, {
    limits: { fileSize: HELP_IMAGE_MAX_MB * MEGABYTE, files: 1, fields: 2, fieldSize: 100, parts: 3 },
  });

  app.post(
    '/help/images',
    {
      config: { rule: { all: ['WRITE_HELP'] } },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description:
          `Multipart with one file (PNG, JPEG, GIF or WebP by its bytes, ${HELP_IMAGE_MAX_MB} MB at most), re-encoded ` +
          'without metadata. Put the answered src in the article: an image no article names is deleted a day after upload.',
        response: { 200: ZHelpImage },
      },
    },
    async (request) => {
      const { file } = await readSingleFileUpload(request);
      return storeHelpImage(app.db, file, actorOf(request));
    },
  );

  app.get(
    '/help/images/:id',
    {
      config: { rule: 'public' },
      schema: { tags, params: ZHelpImageParams, description: 'The bytes of an uploaded help image, for <img>.' },
    },
    async (request, reply) => {
      const row = await readHelpImage(app.db, request.params.id);
      reply.header('x-content-type-options', 'nosniff');
      return sendCacheable(request, reply, {
        etag: `"${row.id}"`,
        maxAgeSeconds: ONE_YEAR_SECONDS,
        contentType: row.mimeType,
        body: row.contents,
      });
    },
  );
};
