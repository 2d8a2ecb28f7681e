import fastifyRateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { TRouteRule } from './auth.ts';
import { AppError } from './errors.ts';

/**
 * A limit of `perMinute` calls from one client, or none when it is 0. The
 * counts live in this process's memory: with several processes each allows
 * the limit, which is why the limits are generous.
 */
export function perClientRateLimit(perMinute: number): RateLimitOptions | false {
  return perMinute > 0 ? { max: perMinute, timeWindow: 60_000 } : false;
}

/**
 * Per-client rate limits (@fastify/rate-limit) on the API: a route sets its
 * own with `config.rateLimit`; every other public route gets
 * `publicPerMinute`, so that all a visitor can call is bounded. A client is a
 * signed-in user, or else an address (Fastify's request.ip, which follows
 * TRUST_PROXY; IPv6 by its /64). Answers 429 TOO_MANY_REQUESTS with
 * Retry-After in the platform's error format. Register it before the routes.
 */
export async function registerRateLimits(api: FastifyInstance, options: { publicPerMinute: number }): Promise<void> {
  const publicLimit = perClientRateLimit(options.publicPerMinute);
  // Added before the plugin's own onRoute hook, so that hook sees the limit given here.
  api.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { rule?: TRouteRule; rateLimit?: RateLimitOptions | false };
    if (config.rule === 'public' && config.rateLimit === undefined) {
      route.config = { ...config, rateLimit: publicLimit };
    }
  });
  await api.register(fastifyRateLimit, {
    global: false,
    // Runs after the session is read (an onRequest hook of the API), so a signed-in user is counted as one client.
    keyGenerator: (request) => (request.auth ? `user:${request.auth.user.id}` : normalizeIP(request.ip)),
    errorResponseBuilder: (_request, context) =>
      // The plugin has set Retry-After (and the X-RateLimit-* headers) already.
      new AppError('TOO_MANY_REQUESTS', {
        message: `Too many requests, try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} s`,
      }),
  });
}
