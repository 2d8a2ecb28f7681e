import {
  ZAuthSession,
  ZChangePasswordInput,
  ZImpersonateInput,
  ZImpersonationSession,
  ZLoginInput,
  ZRecoveryInput,
  ZSetPasswordInput,
  ZSuccess,
  ZTokenParams,
} from '@mip/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/audit.ts';
import { requireAuth } from '../../http/auth.ts';
import {
  changePassword,
  checkAccountToken,
  loadAuthSession,
  requestPasswordRecovery,
  setPasswordWithToken,
  signIn,
  signOut,
  type TAuthDeps,
  type TTokenPurpose,
} from './auth.service.ts';
import { endImpersonation, startImpersonation } from './impersonation.service.ts';

const ZTokenCheck = z.object({ valid: z.boolean(), email: z.string().nullable(), name: z.string().nullable() });
const PURPOSE_BY_PATH: Record<'reset' | 'activate', TTokenPurpose> = { reset: 'RESET', activate: 'ACTIVATE' };
const ZPurposeParams = ZTokenParams.extend({ purpose: z.enum(['reset', 'activate']) });

/** What the services that send account mail need of the app. */
export function authDepsOf(app: FastifyInstance): TAuthDeps {
  return {
    db: app.db,
    config: app.config,
    jobs: app.jobs,
    log: (message, error) => app.log.error({ err: error }, message),
  };
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => authDepsOf(app);

  app.post(
    '/auth/login',
    {
      config: { rule: 'public' },
      schema: { tags: ['auth'], body: ZLoginInput, response: { 200: ZAuthSession } },
    },
    async (request) => signIn(deps(), request.body, actorOf(request)),
  );

  app.post(
    '/auth/logout',
    { config: { rule: 'signedIn' }, schema: { tags: ['auth'], response: { 200: ZSuccess } } },
    async (request) => {
      await signOut(app.db, requireAuth(request), actorOf(request));
      return { success: true as const };
    },
  );

  app.get(
    '/auth/session',
    { config: { rule: 'signedIn' }, schema: { tags: ['auth'], response: { 200: ZAuthSession } } },
    async (request) => {
      const auth = requireAuth(request);
      const token = request.headers.authorization?.replace(/^Bearer\s+/, '') ?? '';
      const impersonatedBy = auth.impersonatorUserId ? await loadImpersonator(app.db, auth.impersonatorUserId) : null;
      return loadAuthSession(app.db, auth.user.id, { token, validity: auth.validity }, impersonatedBy);
    },
  );

  app.post(
    '/auth/recovery',
    { config: { rule: 'public' }, schema: { tags: ['auth'], body: ZRecoveryInput, response: { 200: ZSuccess } } },
    async (request) => {
      await requestPasswordRecovery(deps(), request.body.email, actorOf(request));
      return { success: true as const };
    },
  );

  app.get(
    '/auth/:purpose/:id/:token',
    { config: { rule: 'public' }, schema: { tags: ['auth'], params: ZPurposeParams, response: { 200: ZTokenCheck } } },
    async (request) => {
      const { purpose, id, token } = request.params;
      return checkAccountToken(app.db, PURPOSE_BY_PATH[purpose], id, token);
    },
  );

  app.post(
    '/auth/:purpose/:id/:token',
    {
      config: { rule: 'public' },
      schema: { tags: ['auth'], params: ZPurposeParams, body: ZSetPasswordInput, response: { 200: ZSuccess } },
    },
    async (request) => {
      const { purpose, id, token } = request.params;
      await setPasswordWithToken(app.db, PURPOSE_BY_PATH[purpose], id, token, request.body, actorOf(request));
      return { success: true as const };
    },
  );

  app.put(
    '/auth/password',
    {
      config: { rule: 'signedIn' },
      schema: { tags: ['auth'], body: ZChangePasswordInput, response: { 200: ZSuccess } },
    },
    async (request) => {
      await changePassword(app.db, requireAuth(request), request.body, actorOf(request));
      return { success: true as const };
    },
  );

  app.post(
    '/auth/impersonate',
    {
      config: { rule: { all: ['IMPERSONATE_USER'] } },
      schema: { tags: ['auth'], body: ZImpersonateInput, response: { 200: ZImpersonationSession } },
    },
    async (request) => startImpersonation(deps(), requireAuth(request), request.body.userId, actorOf(request)),
  );

  app.post(
    '/auth/impersonate/exit',
    { config: { rule: 'signedIn' }, schema: { tags: ['auth'], response: { 200: ZSuccess } } },
    async (request) => {
      await endImpersonation(deps(), requireAuth(request), actorOf(request));
      return { success: true as const };
    },
  );
};

async function loadImpersonator(db: TAuthDeps['db'], userId: number) {
  const { rows } = await db.$client.query('select id, name from users where id = $1', [userId]);
  return rows[0] ? { id: rows[0].id as number, name: rows[0].name as string } : null;
}
