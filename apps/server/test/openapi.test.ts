import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.ts';

const t = useTestApp();
let doc: {
  openapi: string;
  paths: Record<string, Record<string, { 'x-access-rule'?: unknown; requestBody?: unknown; responses?: unknown }>>;
};
beforeAll(async () => {
  const response = await t.app.inject({ url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  doc = response.json();
});

/** Fastify's "/users/:id" is OpenAPI's "/users/{id}". */
const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('the OpenAPI document at /api/docs/json', () => {
  it('is OpenAPI 3', () => {
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
  });

  it('describes the sign-in call as public, with its body and its session answer', () => {
    const login = doc.paths['/api/auth/login']?.post;
    expect(login).toBeDefined();
    expect(login['x-access-rule']).toBe('public');
    expect(login.requestBody).toMatchObject({
      content: { 'application/json': { schema: { properties: { email: {}, password: {} } } } },
    });
    expect(login.responses).toMatchObject({
      200: { content: { 'application/json': { schema: { properties: { session: {}, role: {} } } } } },
    });
  });

  it('shows the permissions a call needs', () => {
    expect(doc.paths['/api/configuration/']?.put['x-access-rule']).toEqual({ all: ['WRITE_CONFIGURATION'] });
    expect(doc.paths['/api/auth/password']?.put['x-access-rule']).toBe('signedIn');
  });

  it('lists every API route with the rule it declared', () => {
    const missing = t.app.apiRoutes.filter((route) => {
      const operation = doc.paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()];
      return !operation || JSON.stringify(operation['x-access-rule']) !== JSON.stringify(route.rule);
    });
    expect(missing.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('serves a browsable page at /api/docs', async () => {
    const response = await t.app.inject({ url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });
});
