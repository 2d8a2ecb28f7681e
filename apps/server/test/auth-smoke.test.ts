import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from './factories.ts';
import { createTestApp, type TTestApp } from './test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('signing in', () => {
  it('answers the spec session for a valid password', async () => {
    const user = await createUser(t.db, { permissions: ['READ_USER'] });
    const { authorization } = await signIn(t.app, user.email);
    const session = await t.app.inject({ url: '/api/auth/session', headers: { authorization } });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ isAuthenticated: true, id: user.id, role: { permissions: ['READ_USER'] } });
  });
});
