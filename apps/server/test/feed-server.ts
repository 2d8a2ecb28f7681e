import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export const WAZE_NYC_FEED = readFileSync(
  path.join(import.meta.dirname, 'fixtures', 'traffic', 'waze-nyc-2019-03-22.json'),
  'utf8',
);

/** How the fake feed answers: a body, a status, a delay, or never. */
export interface TFeedAnswer {
  status?: number;
  body?: string;
  /** Sent chunked, without a content length, this many times: a body that never seems to end. */
  repeat?: number;
  delayMs?: number;
  /** Accept the request and never answer. */
  hang?: boolean;
}

/**
 * A local HTTP server standing in for the Waze partner feed; tests set what
 * it answers and count how often it is asked.
 */
export async function startFeedServer() {
  let answer: TFeedAnswer = { body: WAZE_NYC_FEED };
  let requests = 0;
  const server: Server = createServer((_request, response) => {
    requests++;
    const current = answer;
    if (current.hang) return;
    setTimeout(() => {
      response.statusCode = current.status ?? 200;
      response.setHeader('content-type', 'application/json');
      if (current.repeat) {
        const write = (left: number) => {
          if (left === 0 || response.destroyed) return response.end();
          response.write(current.body ?? '', () => write(left - 1));
        };
        write(current.repeat);
        return;
      }
      response.end(current.body ?? '');
    }, current.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/feed.json`,
    answer: (next: TFeedAnswer) => {
      answer = next;
    },
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
