import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();

describe('GET /api/health', () => {
  it('is public and says the database answers', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 degraded once the database is gone, so a load balancer stops sending traffic', async () => {
    const app = await createTestApp();
    await app.db.$client.end();
    const response = await app.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'degraded', database: 'down' });
    expect(response.headers['retry-after']).toBe('5');
    await app.app.close();
  });
});

describe('unknown API paths', () => {
  it('answer 404 in the spec error shape', async () => {
    const response = await t.app.inject({ url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });
});
