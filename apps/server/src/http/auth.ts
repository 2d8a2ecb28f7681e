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
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config?.rule;
    if (!request.routeOptions.url) return; // 404s go on to the not-found handler
    if (!rule) throw new AppError('FORBIDDEN', { message: 'This route declares no access rule' });
    const token = readBearerToken(request);
    if (token) request.auth = await findSessionByToken(app.db, token);
    if (rule === 'public') return;
    if (!request.auth) {
      throw new AppError(token ? 'SESSION_EXPIRED' : 'UNAUTHORIZED', { message: 'Sign in to continue' });
    }
    if (rule === 'signedIn') return;
    if (!can(request.auth, rule)) throw new AppError('FORBIDDEN', { message: 'You are not authorized' });
  });
});
