import { can, isPermission, PERMISSIONS, type TPermission } from '@mip/shared';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { authPlugin, type TRouteRule } from '../src/http/auth.ts';
import { handleError } from '../src/http/error-handler.ts';
import { createUser, openTestSession } from './factories.ts';
import { routeLabel as label, plausiblePath, type TApiRoute } from './route-inputs.ts';
import { useTestApp } from './test-app.ts';

const t = useTestApp();

function isWellFormedRule(rule: TRouteRule | undefined): boolean {
  if (rule === 'public' || rule === 'signedIn') return true;
  if (!rule || typeof rule !== 'object') return false;
  const lists = [rule.all ?? [], rule.any ?? []];
  // A permission rule that names no permission would let every signed-in user through by accident.
  return lists.some((list) => list.length > 0) && lists.flat().every((permission) => isPermission(permission));
}

/** Calls a route as far as its guard: the guard answers before the input is even validated. */
async function callAs(route: TApiRoute, authorization?: string) {
  return t.app.inject({
    method: route.method as 'GET',
    url: plausiblePath(route),
    headers: authorization ? { authorization } : {},
  });
}

describe('the route table', () => {
  it('holds every API route, the sign-in and health routes among them', () => {
    const labels = t.app.apiRoutes.map(label);
    expect(labels).toEqual(expect.arrayContaining(['POST /api/auth/login', 'GET /api/health']));
    expect(labels.length).toBeGreaterThan(10);
  });

  it('has no route without a well-formed access rule', () => {
    const offenders = t.app.apiRoutes.filter((route) => !isWellFormedRule(route.rule)).map(label);
    expect(offenders).toEqual([]);
  });
});

describe('the rules are enforced', () => {
  it('asks an anonymous caller to sign in on every route that is not public', async () => {
    const answers: string[] = [];
    for (const route of t.app.apiRoutes.filter((r) => r.rule !== 'public')) {
      const response = await callAs(route);
      answers.push(`${label(route)} → ${response.statusCode} ${response.json().code}`);
    }
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((answer) => !answer.endsWith('→ 401 UNAUTHORIZED'))).toEqual([]);
  });

  it('lets an anonymous caller past the guard of every public route', async () => {
    const refused: string[] = [];
    for (const route of t.app.apiRoutes.filter((r) => r.rule === 'public')) {
      const response = await callAs(route);
      if (response.statusCode === 401 || response.statusCode === 403) refused.push(label(route));
    }
    expect(refused).toEqual([]);
  });

  it.each([
    ['no permission', [] as TPermission[]],
    ['every permission', [...PERMISSIONS]],
  ])('answers a user with %s exactly as the route rule says', async (_who, permissions) => {
    const user = await createUser(t.db, { permissions });
    const subject = { type: user.type, role: { permissions } };
    const mismatches: string[] = [];
    for (const route of t.app.apiRoutes.filter((r) => r.rule !== 'public')) {
      // A session per call: the logout route would end a shared one.
      const { authorization } = await openTestSession(t.db, user.id);
      const response = await callAs(route, authorization);
      const shouldPass = route.rule === 'signedIn' || (typeof route.rule === 'object' && can(subject, route.rule));
      const wasRefused = response.statusCode === 401 || response.statusCode === 403;
      if (shouldPass === wasRefused) mismatches.push(`${label(route)} → ${response.statusCode}`);
    }
    expect(mismatches).toEqual([]);
  });
});

describe('the guard', () => {
  it('refuses a route registered without a rule with 403, without running it', async () => {
    const app = Fastify();
    app.setErrorHandler(handleError);
    app.decorate('db', t.db);
    await app.register(authPlugin);
    let hasRun = false;
    app.get('/forgotten', async () => {
      hasRun = true;
      return { secret: true };
    });
    app.get('/declared', { config: { rule: 'public' } }, async () => ({ ok: true }));
    try {
      const forgotten = await app.inject({ url: '/forgotten' });
      expect(forgotten.statusCode).toBe(403);
      expect(forgotten.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect(hasRun).toBe(false);
      expect((await app.inject({ url: '/declared' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
