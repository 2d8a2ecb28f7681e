import {
  ZIdParams,
  ZPagedList,
  ZPageQuery,
  ZReportGenerateInput,
  ZReportJob,
  ZReportTemplate,
  ZReportTemplateInput,
  ZReportTemplateSearchQuery,
  ZReportTemplateSummary,
  ZSuccess,
} from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAttachment } from '../../http/attachment.ts';
import { actorOf } from '../../http/audit.ts';
import { requireAuth } from '../../http/auth.ts';
import {
  generateReportNow,
  isAsyncTemplate,
  queueReportJob,
  readReportJob,
  searchReportJobs,
} from './report-generation.service.ts';
import { reportScheduleRoutes } from './report-schedules.routes.ts';
import {
  createReportTemplate,
  deleteReportTemplate,
  readReportTemplate,
  searchReportTemplates,
  updateReportTemplate,
} from './report-templates.service.ts';

const ZTemplateParams = z.object({ templateId: ZIdParams.shape.id });
/** Managers get the whole template; generators what they fill in (no SQL). */
const ZTemplateAnswer = z.union([ZReportTemplate, ZReportTemplateSummary]);

/**
 * Reports (spec 001 §3, §5, §6): templates (MANAGE_REPORTS), generation on
 * demand (GENERATE_REPORTS or MANAGE_REPORTS) as a file or as a background
 * job, the caller's jobs, and schedules. Background generations are jobs of
 * the generate-report queue (src/jobs/reports.ts).
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['reports'];
  const manage = { rule: { all: ['MANAGE_REPORTS'] } } as const;
  const generate = { rule: { any: ['GENERATE_REPORTS', 'MANAGE_REPORTS'] } } as const;

  app.get(
    '/report-templates/search',
    {
      config: generate,
      schema: {
        tags,
        description:
          'Managers: every template, with its SQL. Generators: the enabled templates within their entity reach, ' +
          'without SQL.',
        querystring: ZReportTemplateSearchQuery,
        response: { 200: ZPagedList(ZTemplateAnswer) },
      },
    },
    async (request) => searchReportTemplates(app.db, requireAuth(request), request.query),
  );

  app.get(
    '/report-templates/:id',
    {
      config: generate,
      schema: {
        tags,
        description: 'Managers: the whole template. Generators: an enabled template within reach, without SQL.',
        params: ZIdParams,
        response: { 200: ZTemplateAnswer },
      },
    },
    async (request) => readReportTemplate(app.db, requireAuth(request), request.params.id),
  );

  app.post(
    '/report-templates',
    {
      config: manage,
      schema: {
        tags,
        description: 'The query is run once without rows to check it (PREVIEW_QUERY_ERROR on `query`).',
        body: ZReportTemplateInput,
        response: { 200: ZReportTemplate },
      },
    },
    async (request) =>
      createReportTemplate(app.db, app.queryRunner, requireAuth(request), request.body, actorOf(request)),
  );

  app.put(
    '/report-templates/:id',
    {
      config: manage,
      schema: { tags, params: ZIdParams, body: ZReportTemplateInput, response: { 200: ZReportTemplate } },
    },
    async (request) =>
      updateReportTemplate(
        app.db,
        app.queryRunner,
        requireAuth(request),
        request.params.id,
        request.body,
        actorOf(request),
      ),
  );

  app.delete(
    '/report-templates/:id',
    {
      config: manage,
      schema: {
        tags,
        description: 'Refused (DELETE_FAILED, TEMPLATE_HAS_SCHEDULES) while schedules use it.',
        params: ZIdParams,
        response: { 200: ZSuccess },
      },
    },
    async (request) => {
      await deleteReportTemplate(app.db, requireAuth(request), request.params.id, actorOf(request));
      return { success: true as const };
    },
  );

  app.post(
    '/reports/:templateId/generate',
    {
      config: generate,
      schema: {
        tags,
        description:
          'A template that is not async answers 200 with the file (attachment; CSV in UTF-8 with BOM, XLSX or ' +
          'PDF) and keeps nothing. An async one answers 202 with the queued job: poll GET /reports/jobs/{id}; ' +
          'the file lands in the personal files with a notification. TEMPLATE_DISABLED (409) for a disabled ' +
          'template; REPORT_QUERY_ERROR with the database message when the query fails.',
        params: ZTemplateParams,
        body: ZReportGenerateInput,
        response: { 202: ZReportJob },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { templateId } = request.params;
      if (await isAsyncTemplate(app.db, auth, templateId)) {
        const job = await queueReportJob(app.db, app.jobs, auth, templateId, request.body, actorOf(request));
        return reply.status(202).send(job);
      }
      const file = await generateReportNow(app.db, app.queryRunner, auth, templateId, request.body, actorOf(request));
      return sendAttachment(reply, file);
    },
  );

  app.get(
    '/reports/jobs',
    {
      config: generate,
      schema: {
        tags,
        description: "The caller's own generations, newest first.",
        querystring: ZPageQuery,
        response: { 200: ZPagedList(ZReportJob) },
      },
    },
    async (request) => searchReportJobs(app.db, requireAuth(request).user.id, request.query),
  );

  app.get(
    '/reports/jobs/:id',
    {
      config: generate,
      schema: {
        tags,
        description: 'Progress polling; only the requester sees it.',
        params: ZIdParams,
        response: { 200: ZReportJob },
      },
    },
    async (request) => readReportJob(app.db, requireAuth(request).user.id, request.params.id),
  );

  await app.register(reportScheduleRoutes);
};
