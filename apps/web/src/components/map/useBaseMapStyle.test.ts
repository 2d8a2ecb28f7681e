import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMapStyle } from './useBaseMapStyle';

describe('readMapStyle', () => {
  let server: Server;
  let base: string;
  const style = { version: 8, sources: {}, layers: [{ id: 'background', type: 'background' }] };
  const answers: Record<string, { status: number; body: string }> = {
    '/style.json': { status: 200, body: JSON.stringify(style) },
    '/failing.json': { status: 503, body: '{}' },
    '/not-a-style.json': { status: 200, body: JSON.stringify({ version: 7, layers: [] }) },
    '/not-json.json': { status: 200, body: '<html>' },
  };

  beforeAll(async () => {
    server = createServer((request, response) => {
      const answer = answers[request.url ?? ''] ?? { status: 404, body: '' };
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers the style the address serves', async () => {
    expect(await readMapStyle(`${base}/style.json`)).toEqual(style);
  });

  it('answers null, for the map to read the address itself, when there is no style to read', async () => {
    for (const path of ['/failing.json', '/not-a-style.json', '/not-json.json']) {
      expect(await readMapStyle(`${base}${path}`), path).toBeNull();
    }
    expect(await readMapStyle('http://127.0.0.1:1/nothing-listens.json')).toBeNull();
  });
});
