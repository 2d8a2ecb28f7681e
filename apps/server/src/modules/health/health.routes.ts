import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { DATABASE_RETRY_AFTER_S } from '../../http/errors.ts';

/** Longer than a healthy `select 1` ever takes; a load balancer's probe should not wait on a hung database. */
const DATABASE_PROBE_TIMEOUT_MS = 2_000;

/** Whether the database answers a trivial query in time. */
async function isDatabaseAnswering(pool: pg.Pool): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_PROBE_TIMEOUT_MS);
  });
  const answer = pool.query('select 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { rule: 'public' },
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
          // The process is up but cannot serve: a load balancer takes it out until the database is back.
          503: z.object({ status: z.literal('degraded'), database: z.literal('down') }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!(await isDatabaseAnswering(app.db.$client))) {
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
        return reply.status(503).send({ status: 'degraded' as const, database: 'down' as const });
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
};
