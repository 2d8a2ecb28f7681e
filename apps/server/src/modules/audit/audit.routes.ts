import { Readable } from 'node:stream';
import { ZAuditEntry, ZAuditFacets, ZAuditSearchQuery, ZPagedList } from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/auth.ts';
import { listAuditFacets, openAuditCsv, searchAudit } from './audit.service.ts';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { rule: { all: ['READ_AUDIT_LOG'] } } as const;
  const tags = ['audit'];

  app.get(
    '/audit/search',
    { config, schema: { tags, querystring: ZAuditSearchQuery, response: { 200: ZPagedList(ZAuditEntry) } } },
    async (request) => searchAudit(app.db, requireAuth(request), request.query),
  );

  app.get('/audit/facets', { config, schema: { tags, response: { 200: ZAuditFacets } } }, async () =>
    listAuditFacets(app.db),
  );

  app.get(
    '/audit/export.csv',
    {
      config,
      schema: {
        tags,
        description: 'The filtered log as CSV (UTF-8 with BOM), newest first, at most 100,000 rows.',
        querystring: ZAuditSearchQuery,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const chunks = await openAuditCsv(app.db, requireAuth(request), request.query);
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${stamp}.csv"`)
        .send(Readable.from(chunks) as unknown as string);
    },
  );
};
