import { describe, expect, it } from 'vitest';
import { expectError } from './assertions.ts';
import { signInNewUser } from './factories.ts';
import { useTestApp } from './test-app.ts';

const PER_MINUTE = 5;
const t = useTestApp({ PUBLIC_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE), TRUST_PROXY: '127.0.0.1' });

function readMap(options: { remoteAddress?: string; forwardedFor?: string; authorization?: string }) {
  const headers: Record<string, string> = {};
  if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor;
  if (options.authorization) headers.authorization = options.authorization;
  return t.app.inject({ method: 'GET', url: '/api/map/', remoteAddress: options.remoteAddress, headers });
}

describe('per-client limits on the public read routes (PUBLIC_RATE_LIMIT_PER_MINUTE)', () => {
  it('answers 429 TOO_MANY_REQUESTS with Retry-After past the limit, to that address only', async () => {
    const remoteAddress = '192.0.2.1';
    for (let i = 0; i < PER_MINUTE; i++) expect((await readMap({ remoteAddress })).statusCode).toBe(200);
    const refused = await readMap({ remoteAddress });
    expectError(refused, 429, 'TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await readMap({ remoteAddress: '192.0.2.2' })).statusCode).toBe(200);
  });

  it('counts a signed-in user apart from the address they share', async () => {
    const remoteAddress = '192.0.2.3';
    for (let i = 0; i <= PER_MINUTE; i++) await readMap({ remoteAddress });
    expect((await readMap({ remoteAddress })).statusCode).toBe(429);
    const { authorization } = await signInNewUser(t, { permissions: [] });
    expect((await readMap({ remoteAddress, authorization })).statusCode).toBe(200);
  });

  it('behind a trusted proxy, counts the client address the proxy forwards', async () => {
    const viaProxy = { remoteAddress: '127.0.0.1' };
    for (let i = 0; i < PER_MINUTE; i++) await readMap({ ...viaProxy, forwardedFor: '203.0.113.7' });
    expect((await readMap({ ...viaProxy, forwardedFor: '203.0.113.7' })).statusCode).toBe(429);
    expect((await readMap({ ...viaProxy, forwardedFor: '203.0.113.8' })).statusCode).toBe(200);
  });
});
