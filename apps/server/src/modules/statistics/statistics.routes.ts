import { ZSuccess, ZUsageSession, ZUsageSummary, ZUsageSummaryQuery } from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.ts';
import { perClientRateLimit } from '../../http/rate-limits.ts';
import { saveUsageSession, summarizeUsage } from './statistics.service.ts';

/** A browser sends once a minute; this leaves room for many visitors behind one address (an office, a NAT). */
const SESSIONS_PER_ADDRESS_PER_MINUTE = 300;

/** Usage statistics of the public map: visitors send their session; staff read the aggregates. */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['statistics'];

  app.put(
    '/statistics/session',
    {
      config: { rule: 'public', rateLimit: perClientRateLimit(SESSIONS_PER_ADDRESS_PER_MINUTE) },
      // A session is a few hundred bytes; the click list and filter are bounded by the schema too.
      bodyLimit: 32 * 1024,
      schema: {
        tags,
        description: 'Spec 001 §7: the map sends its usage session every 60 s; the same id updates the same session.',
        body: ZUsageSession,
        response: { 200: ZSuccess },
      },
    },
    async (request) => {
      await saveUsageSession(app.db, request.body);
      return { success: true as const };
    },
  );

  app.get(
    '/statistics/summary',
    {
      config: { rule: { all: ['MANAGE_DASHBOARDS'] } },
      schema: { tags, querystring: ZUsageSummaryQuery, response: { 200: ZUsageSummary } },
    },
    async (request) => summarizeUsage(app.db, request.query, requireAuth(request).user.timeZone),
  );
};
