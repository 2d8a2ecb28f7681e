import {
  ZFeDebugInput,
  ZFeDebugListItem,
  ZFeDebugReceipt,
  ZFeDebugReport,
  ZFeDebugSearchQuery,
  ZIdParams,
  ZPagedList,
} from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/audit.ts';
import { requireAuth } from '../../http/auth.ts';
import { perClientRateLimit } from '../../http/rate-limits.ts';
import { readFeDebugReport, receiveFeDebugReport, searchFeDebugReports } from './fe-debug.service.ts';

/** A first, in-memory line against a client posting in a loop, before any database work. */
const CALLS_PER_CLIENT_PER_MINUTE = 60;

/**
 * Spec 001 §7 POST /fe-debug/: the browser's report of a failed screen. Public,
 * since the map's visitors have no account; the signed-in user is kept when
 * there is one.
 *
 * Reports are kept `feDebug.reportRetentionDays` days after they were last
 * seen (see fe-debug-retention.ts, run hourly by the delete-expired-fe-debug-reports job).
 *
 * Reading them needs READ_AUDIT_LOG: the spec names no permission, and these
 * are, like the audit log, a technical record of what happened to other
 * people (their addresses, the pages they were on) that only those who
 * investigate incidents should read.
 */
export const feDebugRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['fe-debug'];
  const read = { rule: { all: ['READ_AUDIT_LOG'] } } as const;

  app.post(
    '/fe-debug/',
    {
      config: { rule: 'public', rateLimit: perClientRateLimit(CALLS_PER_CLIENT_PER_MINUTE) },
      bodyLimit: 64 * 1024,
      schema: {
        tags,
        description:
          '201 STORED for a new report; 200 REPEATED when the same error from the same client was reported in the ' +
          'last 10 minutes (counted on that report); 429 TOO_MANY_REQUESTS with Retry-After past 10 new reports a ' +
          'minute from one client or 120 from everyone.',
        body: ZFeDebugInput,
        response: { 200: ZFeDebugReceipt, 201: ZFeDebugReceipt },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const receipt = await receiveFeDebugReport(app.db, request.body, actor);
      return reply.status(receipt.status === 'STORED' ? 201 : 200).send(receipt);
    },
  );

  app.get(
    '/fe-debug/search',
    {
      config: read,
      schema: { tags, querystring: ZFeDebugSearchQuery, response: { 200: ZPagedList(ZFeDebugListItem) } },
    },
    async (request) => searchFeDebugReports(app.db, requireAuth(request), request.query),
  );

  app.get(
    '/fe-debug/:id',
    { config: read, schema: { tags, params: ZIdParams, response: { 200: ZFeDebugReport } } },
    async (request) => readFeDebugReport(app.db, requireAuth(request), request.params.id),
  );
};
