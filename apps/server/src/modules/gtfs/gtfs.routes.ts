import fastifyMultipart from '@fastify/multipart';
import {
  GTFS_MAX_UPLOAD_BYTES,
  ZGtfsImportHistoryItem,
  ZGtfsImportJob,
  ZGtfsImportSearchQuery,
  ZGtfsUploadQuery,
  ZIdParams,
  ZPagedList,
} from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/audit.ts';
import { requireAuth } from '../../http/auth.ts';
import {
  cancelImportJob,
  confirmImportJob,
  listUnfinishedImportJobs,
  readImportJob,
  searchImportJobs,
  uploadGtfsFile,
} from './gtfs.service.ts';
import { gtfsUploadDir } from './gtfs-jobs.ts';

/**
 * GTFS import (console /import-gtfs, IMPORT_GTFS_FILE): upload a zip into a
 * group, read the validation report, confirm or cancel, follow the progress,
 * read the history — each only for groups whose entity is in the caller's scope. Checks and imports run as
 * background jobs (src/jobs/gtfs-imports.ts), queued with the upload and the confirm.
 */
export const gtfsRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { rule: { all: ['IMPORT_GTFS_FILE'] } } as const;
  const tags = ['gtfs'];
  const uploadDir = gtfsUploadDir(app.config.uploadDir);

  await app.register(fastifyMultipart, {
    limits: { fileSize: GTFS_MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
  });

  app.post(
    '/gtfs/imports',
    {
      config,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description:
          'Multipart with one file, the GTFS zip (streamed to disk, 1 GB at most). The feed is checked in the ' +
          'background: poll the job until it is VALIDATED (confirm it) or INVALID (read the report).',
        querystring: ZGtfsUploadQuery,
        response: { 200: ZGtfsImportJob },
      },
    },
    async (request) =>
      uploadGtfsFile(
        app.db,
        app.jobs,
        request,
        { groupId: request.query.groupId, uploadDir, isCheckedHere: app.config.processRole !== 'api' },
        requireAuth(request),
        actorOf(request),
      ),
  );

  app.get(
    '/gtfs/imports/search',
    {
      config,
      schema: { tags, querystring: ZGtfsImportSearchQuery, response: { 200: ZPagedList(ZGtfsImportHistoryItem) } },
    },
    async (request) => searchImportJobs(app.db, request.query, requireAuth(request)),
  );

  app.get(
    '/gtfs/imports/unfinished',
    { config, schema: { tags, response: { 200: z.array(ZGtfsImportJob) } } },
    async (request) => listUnfinishedImportJobs(app.db, requireAuth(request)),
  );

  app.get(
    '/gtfs/imports/:id',
    { config, schema: { tags, params: ZIdParams, response: { 200: ZGtfsImportJob } } },
    async (request) => readImportJob(app.db, request.params.id, requireAuth(request)),
  );

  app.post(
    '/gtfs/imports/:id/confirm',
    { config, schema: { tags, params: ZIdParams, response: { 200: ZGtfsImportJob } } },
    async (request) => confirmImportJob(app.db, app.jobs, request.params.id, requireAuth(request), actorOf(request)),
  );

  app.post(
    '/gtfs/imports/:id/cancel',
    { config, schema: { tags, params: ZIdParams, response: { 200: ZGtfsImportJob } } },
    async (request) => cancelImportJob(app.db, request.params.id, requireAuth(request), actorOf(request)),
  );
};
