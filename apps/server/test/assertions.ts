import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** The spec's error body with this status and code. */
export function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ code, message: expect.any(String) });
}

/** A 400 whose field errors, in the spec's `{property, error}` shape, include this one. */
export function expectFieldError(response: LightMyRequestResponse, property: string, error: string) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  expect(body).toMatchObject({ code: expect.any(String), message: expect.any(String), hasErrors: true });
  expect(body.errors).toContainEqual(expect.objectContaining({ property, error }));
}

/**
 * Polls until `find` answers something, for work the server does after it has answered. That work is often a
 * job, picked up on the queue's next poll (a second in tests): on a machine whose cores are busy, three
 * seconds were close to what it takes. A test that passes never waits out the limit.
 */
export async function waitFor<T>(find: () => T | undefined | null, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined && found !== null) return found;
    if (Date.now() > deadline) throw new Error(`nothing turned up within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
