import {
  liftLegacySourceParameters,
  ZDashboardInput,
  ZDashboardResponse,
  ZDashboardSearchQuery,
  ZDashboardSummary,
  ZIdParams,
  ZPagedList,
  ZQueryResult,
  ZSuccess,
  ZWidgetDataRequest,
  ZWidgetExportRequest,
  ZWidgetPreviewRequest,
  ZWidgetPreviewResponse,
} from '@mip/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAttachment } from '../../http/attachment.ts';
import { actorOf } from '../../http/audit.ts';
import { requireAuth } from '../../http/auth.ts';
import { perClientRateLimit } from '../../http/rate-limits.ts';
import { createSharedResultCache } from '../../lib/shared-result-cache.ts';
import {
  createDashboard,
  deleteDashboard,
  readDashboard,
  searchDashboards,
  updateDashboard,
} from './dashboards.service.ts';
import { exportWidgetData, readWidgetData, type TWidgetResult } from './widget-data.service.ts';
import { previewWidget } from './widget-preview.service.ts';

/** What visitors' cached widget results may hold in all, in this process. */
const WIDGET_CACHE_MAX_BYTES = 64 * 1024 * 1024;

const ZWidgetParams = z.object({
  dashboardId: z.coerce.number().int().positive(),
  widgetId: z.coerce.number().int().positive(),
});

const widgetShape =
  'A widget fixes values of its source’s parameters in `sourceConfig.parameters` (spec 001 §3); the older ' +
  '`sourceParameters` is still accepted, and answered beside it.';

/** Older clients send `sourceParameters`: moved to the spec's `sourceConfig.parameters` before the body is checked. */
async function acceptLegacyWidgetShape(request: FastifyRequest) {
  const body = request.body as { widgets?: unknown } | null;
  if (body && typeof body === 'object' && Array.isArray(body.widgets)) {
    body.widgets = body.widgets.map(liftLegacySourceParameters);
  }
}

/**
 * Dashboards (spec 001 §2, §7): the list and editor for staff, the view for
 * readers, and public ones for everyone at /public/dashboards/{id}.
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['dashboards'];
  const manage = { rule: { all: ['MANAGE_DASHBOARDS'] } } as const;
  const visibility =
    'Managers (MANAGE_DASHBOARDS) see and edit every dashboard whose restricted entities all lie in their scope (entitiesAccessList), 404 for others; readers (READ_DASHBOARD) the active ones whose ' +
    'restrictions (entity profiles, roles, entities) they pass; everyone, signed in or not, the public active ones.';
  const widgetCache = createSharedResultCache<TWidgetResult>({
    ttlMs: app.config.widgetCacheSeconds * 1000,
    maxBytes: WIDGET_CACHE_MAX_BYTES,
    sizeOf: (result) => result.bytes,
  });
  // Widget calls run user-authored SQL: each visitor address (or signed-in user) gets its own, lower, limit.
  const widgetRateLimit = perClientRateLimit(app.config.widgetRateLimitPerMinute);
  const widgetLimits =
    'QUERY_BUSY (503, Retry-After) when the caller’s share of the query pool is taken (at most half the pool per ' +
    'data source and per caller; visitors never the connections kept for staff); RESULT_TOO_LARGE (422) past the ' +
    'result byte cap (QUERY_RESULT_MAX_BYTES); TOO_MANY_REQUESTS (429, Retry-After) past WIDGET_RATE_LIMIT_PER_MINUTE.';

  app.get(
    '/dashboards/search',
    {
      config: { rule: { any: ['READ_DASHBOARD', 'MANAGE_DASHBOARDS'] } },
      schema: {
        tags,
        description: visibility,
        querystring: ZDashboardSearchQuery,
        response: { 200: ZPagedList(ZDashboardSummary) },
      },
    },
    async (request) => searchDashboards(app.db, requireAuth(request), request.query),
  );

  app.get(
    '/dashboards/:id',
    {
      config: { rule: 'public' },
      schema: {
        tags,
        description: `Spec 001 §7. ${visibility} 404 otherwise.`,
        params: ZIdParams,
        response: { 200: ZDashboardResponse },
      },
    },
    async (request) => readDashboard(app.db, request.auth, request.params.id),
  );

  app.post(
    '/dashboards',
    {
      config: manage,
      preValidation: acceptLegacyWidgetShape,
      schema: { tags, description: widgetShape, body: ZDashboardInput, response: { 200: ZDashboardResponse } },
    },
    async (request) => createDashboard(app.db, requireAuth(request), request.body, actorOf(request)),
  );

  app.put(
    '/dashboards/:id',
    {
      config: manage,
      preValidation: acceptLegacyWidgetShape,
      schema: {
        tags,
        description: `Widgets are saved whole, in order; a widget keeps its id when it sends it. ${widgetShape}`,
        params: ZIdParams,
        body: ZDashboardInput,
        response: { 200: ZDashboardResponse },
      },
    },
    async (request) => updateDashboard(app.db, requireAuth(request), request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/dashboards/:id',
    { config: manage, schema: { tags, params: ZIdParams, response: { 200: ZSuccess } } },
    async (request) => {
      await deleteDashboard(app.db, requireAuth(request), request.params.id, actorOf(request));
      return { success: true as const };
    },
  );

  app.post(
    '/dashboards/widgets/preview',
    {
      config: { ...manage, rateLimit: widgetRateLimit },
      schema: {
        tags,
        description:
          'The editor’s live preview of a widget as its form has it, saved or not: checked as saving it would be ' +
          '(field errors `widget.<field>`, HTML cleaned), and for a chart or table its headers and rows as ' +
          'POST /dashboards/{dashboardId}/widget/{widgetId} would answer them once saved. Nothing is stored. 404 ' +
          `when the source does not exist or dashboardId is not a dashboard the caller may edit. ${widgetLimits}`,
        body: ZWidgetPreviewRequest,
        response: { 200: ZWidgetPreviewResponse },
      },
    },
    async (request, reply) => {
      const { preview, sqlMs } = await previewWidget(
        app.db,
        app.queryRunner,
        requireAuth(request),
        request.body,
        request.ip,
      );
      if (sqlMs !== null) reply.header('server-timing', `sql;dur=${sqlMs.toFixed(2)}`);
      return preview;
    },
  );

  app.post(
    '/dashboards/:dashboardId/widget/:widgetId',
    {
      config: { rule: 'public', rateLimit: widgetRateLimit },
      schema: {
        tags,
        description:
          'Spec 001 §7: the widget’s headers and rows for the viewer’s values of the parameters the widget leaves ' +
          'open (those it fixes cannot be changed). Field errors `parameters.<name>`; REPORT_QUERY_ERROR or ' +
          'QUERY_TIMEOUT when the query fails. Server-Timing `sql` is the query’s own time. Visitors are served ' +
          `a result up to WIDGET_CACHE_SECONDS old. ${widgetLimits}`,
        params: ZWidgetParams,
        body: ZWidgetDataRequest,
        response: { 200: ZQueryResult },
      },
    },
    async (request, reply) => {
      const {
        sqlMs,
        bytes: _bytes,
        ...result
      } = await readWidgetData(app.db, app.queryRunner, request.auth, request.params, request.body.parameters, {
        clientAddress: request.ip,
        cache: widgetCache,
      });
      reply.header('server-timing', `sql;dur=${sqlMs.toFixed(2)}`);
      return result;
    },
  );

  app.post(
    '/dashboards/:dashboardId/widget/:widgetId/export',
    {
      config: { rule: 'public', rateLimit: widgetRateLimit },
      schema: {
        tags,
        description: `The widget’s rows as a CSV or XLSX file, when the widget allows its table to be exported. ${widgetLimits}`,
        params: ZWidgetParams,
        body: ZWidgetExportRequest,
      },
    },
    async (request, reply) =>
      sendAttachment(
        reply,
        await exportWidgetData(app.db, app.queryRunner, request.auth, request.params, request.body, request.ip),
      ),
  );
};
