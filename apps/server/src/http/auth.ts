import { can, type TPermissionRule } from '@mip/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findSessionByToken, type TAuthContext } from '../modules/auth/session-store.ts';
import { AppError } from './errors.ts';

/**
 * Every route says who may call it, where it is registered:
 * anyone, anyone signed in, or holders of permissions.
 */
export type TRouteRule = 'public' | 'signedIn' | TPermissionRule;

declare module 'fastify' {
  interface FastifyContextConfig {
    rule?: TRouteRule;
  }
  interface FastifyRequest {
    auth: TAuthContext | null;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,100})$/;

function readBearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  return BEARER.exec(header)?.[1] ?? null;
}

/** The signed-in caller; for handlers behind a rule other than 'public'. */
export function requireAuth(request: FastifyRequest): TAuthContext {
  if (!request.auth) throw new AppError('UNAUTHORIZED', { message: 'Sign in to continue' });
  return request.auth;
}

/**
 * Authenticates, then enforces the route's rule before the body is even
 * validated, so an anonymous caller learns nothing about a route's schema.
 * Security-relevant: a route without a rule is refused outright.
 */
/** Whether the caller (authenticated or not) passes the route's rule; throws the spec's 401 or 403 when not. */
function enforceRule(rule: TRouteRule, auth: TAuthContext | null, hadToken: boolean): void {
  if (rule === 'public') return;
  if (!auth) throw new AppError(hadToken ? 'SESSION_EXPIRED' : 'UNAUTHORIZED', { message: 'Sign in to continue' });
  if (rule === 'signedIn') return;
  if (!can(auth, rule)) throw new AppError('FORBIDDEN', { message: 'You are not authorized' });
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  // A callback hook, not an async one: most public calls carry no token, and then
  // the whole check is synchronous and costs no promise on the busiest routes.
  app.addHook('onRequest', (request, reply, done) => {
    // Console answers are personal and change under the user: never cached unless a route says so.
    reply.header('cache-control', 'no-store');
    // routeOptions is a getter that builds a new object on every read: read it once.
    const { url, config } = request.routeOptions;
    if (!url) return done(); // 404s go on to the not-found handler
    const rule = config?.rule;
    if (!rule) return done(new AppError('FORBIDDEN', { message: 'This route declares no access rule' }));
    const token = readBearerToken(request);
    if (!token) {
      try {
        enforceRule(rule, null, false);
        return done();
      } catch (error) {
        return done(error as AppError);
      }
    }
    findSessionByToken(app.db, token).then(
      (auth) => {
        request.auth = auth;
        try {
          enforceRule(rule, auth, true);
          done();
        } catch (error) {
          done(error as AppError);
        }
      },
      (error: Error) => done(error),
    );
  });
});
