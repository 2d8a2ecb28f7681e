import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** What the server answers at a path. */
export type TAnswer = { status: number; body: string };

/**
 * A real HTTP server on loopback for the file's tests, answering each path as `answers` says (404 for any
 * other): what the page's own fetches meet. Its address is `base()`, set once the file's tests start.
 */
export function useJsonServer(answers: Record<string, TAnswer>): { base: () => string } {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((request, response) => {
      const answer = answers[request.url ?? ''] ?? { status: 404, body: '' };
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { base: () => base };
}
