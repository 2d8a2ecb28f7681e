import fastifyMultipart from '@fastify/multipart';
import {
  DOCUMENT_UPLOAD_MAX_BYTES,
  ZDocumentContents,
  ZDocumentListQuery,
  ZDocumentSummary,
  ZDocumentUpdate,
  ZDocumentUploadFields,
  ZIdParams,
  ZSuccess,
} from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/audit.ts';
import { requireAuth } from '../../http/auth.ts';
import { fieldErrors } from '../../http/errors.ts';
import {
  deleteDocument,
  listReadableDocuments,
  readDocumentContents,
  readPublicDocumentContents,
  readPublicDocumentRow,
  updateDocument,
  uploadDocument,
} from './documents.service.ts';
import { readSingleFileUpload } from './multipart-upload.ts';

const CODE_PATTERN = /^[A-Z][A-Z0-9_]+$/;

/** Multipart fields are checked after the upload is read, so their errors are built here in the spec's shape. */
function parseUploadFields(fields: Record<string, string>) {
  const parsed = ZDocumentUploadFields.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw fieldErrors(
    parsed.error.issues.map((issue) => ({
      property: issue.path.map(String).join('.'),
      error: CODE_PATTERN.test(issue.message) ? issue.message : 'INVALID_VALUE',
    })),
  );
}

/**
 * Photos and files of any record (spec 001 §7: GET /documents/public/{id},
 * GET /documents/{id}); who may do what is the owning domain's policy.
 */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['documents'];
  const signedIn = { rule: 'signedIn' } as const;
  await app.register(fastifyMultipart, {
    // One file per upload (the photo and PDF modals take one), a few short fields beside it.
    limits: { fileSize: DOCUMENT_UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1000, parts: 12 },
  });

  app.post(
    '/documents',
    {
      config: signedIn,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description:
          'Multipart: ownerKind, ownerId, category (PHOTO or FILE), title, is360, then one file (png, gif, jpeg for photos; pdf for files; 15 MB at most).',
        response: { 200: ZDocumentSummary },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { fields, file } = await readSingleFileUpload(request);
      return uploadDocument(app.db, parseUploadFields(fields), file, auth, actorOf(request));
    },
  );

  app.get(
    '/documents/list',
    {
      config: signedIn,
      schema: { tags, querystring: ZDocumentListQuery, response: { 200: z.array(ZDocumentSummary) } },
    },
    async (request) =>
      listReadableDocuments(app.db, request.query.ownerKind, request.query.ownerId, requireAuth(request)),
  );

  app.get(
    '/documents/:id',
    { config: signedIn, schema: { tags, params: ZIdParams, response: { 200: ZDocumentContents } } },
    async (request) => readDocumentContents(app.db, request.params.id, requireAuth(request)),
  );

  app.put(
    '/documents/:id',
    {
      config: signedIn,
      schema: { tags, params: ZIdParams, body: ZDocumentUpdate, response: { 200: ZDocumentSummary } },
    },
    async (request) => updateDocument(app.db, request.params.id, request.body, requireAuth(request), actorOf(request)),
  );

  app.delete(
    '/documents/:id',
    { config: signedIn, schema: { tags, params: ZIdParams, response: { 200: ZSuccess } } },
    async (request) => {
      await deleteDocument(app.db, request.params.id, requireAuth(request), actorOf(request));
      return { success: true as const };
    },
  );

  app.get(
    '/documents/public/:id',
    { config: { rule: 'public' }, schema: { tags, params: ZIdParams, response: { 200: ZDocumentContents } } },
    async (request) => readPublicDocumentContents(app.db, request.params.id),
  );

  app.get(
    '/documents/public/:id/contents',
    {
      config: { rule: 'public' },
      schema: { tags, params: ZIdParams, description: 'The bare bytes, for <img> and the map cards.' },
    },
    async (request, reply) => {
      const row = await readPublicDocumentRow(app.db, request.params.id);
      const etag = `"${row.id}-${row.updatedAt.getTime()}"`;
      reply.header('etag', etag).header('cache-control', 'public, max-age=300');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply
        .type(row.mimeType)
        .header('content-disposition', `inline; filename="${encodeURIComponent(row.filename)}"`)
        .header('x-content-type-options', 'nosniff')
        .send(row.contents);
    },
  );
};
