import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.ts';
import { createTestApp, useTestApp } from './test-app.ts';
import { builtWebApp } from './web-dist.ts';

/** The Content-Security-Policy header as directive → sources. */
function policyOf(response: LightMyRequestResponse): Record<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(header, 'a Content-Security-Policy header').toEqual(expect.any(String));
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectCommonHeaders(response: LightMyRequestResponse) {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  // Tiles, styles and glyphs come from other hosts that send no CORP header: requiring one would blank the map.
  expect(response.headers['cross-origin-embedder-policy']).toBeUndefined();
  expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  const policy = policyOf(response);
  expect(policy['frame-ancestors']).toEqual(["'self'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
}

const webDist = builtWebApp();
const t = useTestApp({ WEB_DIST: webDist });

describe('security headers', () => {
  it('sends the web app page under a policy that lets only its own scripts run', async () => {
    const response = await t.app.inject({ url: '/incidents' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expectCommonHeaders(response);
    const policy = policyOf(response);
    expect(policy['default-src']).toEqual(["'self'"]);
    // No inline script and no eval: an injected <script> or onclick= does not run, so it cannot read the session.
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['script-src-attr']).toEqual(["'none'"]);
    // MapLibre's and pdf.js's workers are files of the build, served from this origin.
    expect(policy['worker-src']).toEqual(["'self'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(policy['form-action']).toEqual(["'self'"]);
    // Tiles, styles, glyphs and images may come from any host an administrator configures.
    expect(policy['connect-src']).toEqual(expect.arrayContaining(["'self'", 'https:']));
    expect(policy['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'https:']));
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it.each([
    ['the built scripts', '/assets/index-abc123.js', 200],
    ['an API answer', '/api/health', 200],
    ['an API path that does not exist', '/api/no-such-thing', 404],
    ['the API documentation page', '/api/docs', 200],
  ])('sends the same headers with %s', async (_what, url, status) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(status);
    expectCommonHeaders(response);
  });

  it('sends them with an answer to a body the parser refused', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expectCommonHeaders(response);
  });

  it('lets the pages an administrator names frame the product, and no other', async () => {
    const framed = await createTestApp({
      WEB_DIST: webDist,
      FRAME_ANCESTORS: 'https://host.example, https://app.example:8443',
    });
    try {
      const response = await framed.app.inject({ url: '/' });
      expect(policyOf(response)['frame-ancestors']).toEqual([
        "'self'",
        'https://host.example',
        'https://app.example:8443',
      ]);
      // X-Frame-Options cannot name other origins; the policy's frame-ancestors says it all.
      expect(response.headers['x-frame-options']).toBeUndefined();
    } finally {
      await framed.close();
    }
  });

  it('refuses to start with a framing page that is not an origin', async () => {
    expect(() => readConfig({ FRAME_ANCESTORS: "https://host.example; script-src 'unsafe-inline'" })).toThrow(
      /FRAME_ANCESTORS/,
    );
    expect(() => readConfig({ FRAME_ANCESTORS: 'host.example' })).toThrow(/FRAME_ANCESTORS/);
  });
});
