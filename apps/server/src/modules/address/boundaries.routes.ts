import fastifyMultipart from '@fastify/multipart';
import { ZBoundaryImportResult, ZBoundarySummary } from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/audit.ts';
import { fieldErrors } from '../../http/errors.ts';
import { asFileError } from '../documents/multipart-upload.ts';
import { importBoundaries, readBoundarySummary } from './boundaries.service.ts';

/** The official parish map at full detail is a few hundred megabytes; it is read as it arrives, never held. */
export const BOUNDARY_MAX_UPLOAD_BYTES = 1024 * 1024 * 1024;

/**
 * Administrative boundaries (console Configuration): an administrator imports
 * the official map of districts, counties and parishes as GeoJSON, so the
 * public map's search can go to a place by name.
 */
export const boundariesRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { rule: { all: ['WRITE_CONFIGURATION'] } } as const;
  const tags = ['address'];
  await app.register(fastifyMultipart, {
    limits: { fileSize: BOUNDARY_MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 1 },
  });

  app.get('/address/boundaries', { config, schema: { tags, response: { 200: ZBoundarySummary } } }, async () =>
    readBoundarySummary(app.db),
  );

  app.post(
    '/address/boundaries',
    {
      config,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description:
          'Multipart with one file: a GeoJSON FeatureCollection in WGS 84 whose features carry the DICOFRE, DICO or ' +
          'DI code (CAOP: dtmnfr, dtmn, dt). Replaces the areas of the previous import.',
        response: { 200: ZBoundaryImportResult },
      },
    },
    async (request) => {
      try {
        const part = await request.file();
        if (!part) throw fieldErrors([{ property: 'file', error: 'MISSING_FILE' }]);
        return await importBoundaries(app.db, part.file, actorOf(request));
      } catch (error) {
        throw asFileError(error);
      }
    },
  );
};
