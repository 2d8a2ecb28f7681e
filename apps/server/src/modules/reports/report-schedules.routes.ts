import {
  ZId,
  ZIdParams,
  ZPagedList,
  ZQueryList,
  ZReportJob,
  ZReportSchedule,
  ZReportScheduleInput,
  ZReportScheduleSearchQuery,
  ZSearchText,
  ZSuccess,
} from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/audit.ts';
import { requireAuth } from '../../http/auth.ts';
import {
  createReportSchedule,
  deleteReportSchedule,
  readReportSchedule,
  runScheduleNow,
  searchReportSchedules,
  searchSubscriberOptions,
  updateReportSchedule,
} from './report-schedules.service.ts';

const ZSubscriberOption = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

/**
 * Report schedules: a template generated on a recurrence in Lisbon time
 * (HOURLY, DAILY, WEEKLY, MONTHLY), the file landing in the owner's personal
 * files and emailed to the subscribers. Owners manage their own; holders of
 * MANAGE_REPORTS manage those of the users in their scope too.
 */
export const reportScheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['reports'];
  const config = { rule: { any: ['GENERATE_REPORTS', 'MANAGE_REPORTS'] } } as const;

  app.get(
    '/report-schedules/search',
    {
      config,
      schema: {
        tags,
        description: "The caller's schedules; `all=true` (MANAGE_REPORTS) every schedule in their scope.",
        querystring: ZReportScheduleSearchQuery,
        response: { 200: ZPagedList(ZReportSchedule) },
      },
    },
    async (request) => searchReportSchedules(app.db, requireAuth(request), request.query),
  );

  app.get(
    '/report-schedules/subscribers',
    {
      config,
      schema: {
        tags,
        description:
          'The users a schedule may be sent to (active, in the caller’s scope), by name or email, 50 at most; ' +
          'or the ones named by `ids`.',
        querystring: z.object({ universalSearch: ZSearchText, ids: ZQueryList(ZId) }),
        response: { 200: z.array(ZSubscriberOption) },
      },
    },
    async (request) => searchSubscriberOptions(app.db, requireAuth(request), request.query),
  );

  app.get(
    '/report-schedules/:id',
    { config, schema: { tags, params: ZIdParams, response: { 200: ZReportSchedule } } },
    async (request) => readReportSchedule(app.db, requireAuth(request), request.params.id),
  );

  app.post(
    '/report-schedules',
    {
      config,
      schema: {
        tags,
        description: 'The next generation is computed in Lisbon time and returned as nextGenerationAt.',
        body: ZReportScheduleInput,
        response: { 200: ZReportSchedule },
      },
    },
    async (request) => createReportSchedule(app.db, requireAuth(request), request.body, actorOf(request)),
  );

  app.put(
    '/report-schedules/:id',
    { config, schema: { tags, params: ZIdParams, body: ZReportScheduleInput, response: { 200: ZReportSchedule } } },
    async (request) =>
      updateReportSchedule(app.db, requireAuth(request), request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/report-schedules/:id',
    { config, schema: { tags, params: ZIdParams, response: { 200: ZSuccess } } },
    async (request) => {
      await deleteReportSchedule(app.db, requireAuth(request), request.params.id, actorOf(request));
      return { success: true as const };
    },
  );

  app.post(
    '/report-schedules/:id/run-now',
    {
      config,
      schema: {
        tags,
        description:
          "Generate now: one generation outside the recurrence, as the owner, into the owner's files and to " +
          'the subscribers. The next scheduled generation does not move.',
        params: ZIdParams,
        response: { 202: ZReportJob },
      },
    },
    async (request, reply) => {
      const job = await runScheduleNow(app.db, app.jobs, requireAuth(request), request.params.id, actorOf(request));
      return reply.status(202).send(job);
    },
  );
};
