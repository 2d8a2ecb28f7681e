import net from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.ts';

/**
 * Requests the router, the body parsers or Node's HTTP parser refuse before
 * any route runs. Each answers in the platform's `{code, message}` shape and
 * never repeats what the request carried (a path, a body, a header), so an
 * answer cannot be made to reflect an attacker's text.
 */

/** Put in every probe: an answer that contains it echoed the request. */
const MARK = 'EchoMark';

interface TAnswer {
  status: number;
  contentType: string;
  /** Whether it says X-Content-Type-Options: nosniff, so no browser reads the JSON as a page. */
  isNosniff: boolean;
  body: string;
}

function expectPlatformError(response: TAnswer, status: number, code: string) {
  expect(response.status, response.body).toBe(status);
  expect(response.contentType).toMatch(/^application\/json/);
  expect(response.isNosniff).toBe(true);
  const body = JSON.parse(response.body) as { code: unknown; message: unknown };
  expect(body).toEqual({ code, message: expect.any(String) });
  expect(response.body).not.toContain(MARK);
}

const injected = (response: LightMyRequestResponse): TAnswer => ({
  status: response.statusCode,
  contentType: String(response.headers['content-type'] ?? ''),
  isNosniff: response.headers['x-content-type-options'] === 'nosniff',
  body: response.body,
});

const t = useTestApp();

/** A body sent to a public route that reads JSON; the parser refuses it before the route runs. */
const postBody = (payload: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers });

describe('errors the framework raises before a route runs', () => {
  it('answers 414 to a path segment longer than the router takes', async () => {
    const response = await t.app.inject({ url: `/api/users/${MARK.repeat(100)}` });
    expectPlatformError(injected(response), 414, 'URI_TOO_LONG');
  });

  it('answers 400 to a path that does not decode', async () => {
    const response = await t.app.inject({ url: `/api/users/${MARK}%E0%A4%A` });
    expectPlatformError(injected(response), 400, 'BAD_REQUEST');
  });

  it('answers 400 to a body that is not JSON, without quoting it', async () => {
    const response = await postBody(`{"email": ${MARK}`, { 'content-type': 'application/json' });
    expectPlatformError(injected(response), 400, 'INVALID_JSON');
  });

  it('answers 400 to an empty JSON body', async () => {
    const response = await postBody('', { 'content-type': 'application/json' });
    expectPlatformError(injected(response), 400, 'INVALID_JSON');
  });

  it('answers 415 to a media type it does not read, without naming it', async () => {
    const response = await postBody('hello', { 'content-type': `text/${MARK}` });
    expectPlatformError(injected(response), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 413 to a body over the limit', async () => {
    const response = await postBody(JSON.stringify({ email: MARK.repeat(200_000) }), {
      'content-type': 'application/json',
    });
    expectPlatformError(injected(response), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('answers 400 to a body shorter than its Content-Length', async () => {
    const response = await postBody(JSON.stringify({ email: MARK }), {
      'content-type': 'application/json',
      'content-length': '500',
    });
    expectPlatformError(injected(response), 400, 'BAD_REQUEST');
  });

  it('answers 404 to an API path that does not exist', async () => {
    const response = await t.app.inject({ url: `/api/${MARK}` });
    expectPlatformError(injected(response), 404, 'NOT_FOUND');
  });

  it('answers 404 to a method the path does not take', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/health' });
    expectPlatformError(injected(response), 404, 'NOT_FOUND');
  });

  it('answers 404 in JSON outside the API when the web app is not built', async () => {
    const response = await t.app.inject({ url: `/${MARK}` });
    expectPlatformError(injected(response), 404, 'NOT_FOUND');
  });

  it('keeps Open311 errors in their own shape, without echoing either', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/open311/v2/requests.json',
      payload: 'hello',
      headers: { 'content-type': `text/${MARK}` },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual([{ code: 415, description: expect.any(String) }]);
    expect(response.body).not.toContain(MARK);
  });
});

/** One raw request on a socket of its own; the answer as the server wrote it, until it closed the connection. */
function sendRaw(port: number, request: string): Promise<TAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => (chunks.length > 0 ? undefined : reject(error)));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      const contentType = /^content-type:\s*(.+)$/im.exec(head)?.[1]?.trim() ?? '';
      const isNosniff = /^x-content-type-options:\s*nosniff\s*$/im.test(head);
      resolve({ status, contentType, isNosniff, body: rest.join('\r\n\r\n') });
    });
    // Not half-closed: Node drops a request whose client ended its side. Refused requests close the
    // connection; the well-formed one asks for Connection: close.
    socket.write(request);
  });
}

describe('requests Node refuses before the framework sees them', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  it('answers 414 to a request line longer than the server reads', async () => {
    const response = await sendRaw(port, `GET /api/${MARK.repeat(4000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expectPlatformError(response, 414, 'URI_TOO_LONG');
  });

  it('answers 431 to headers larger than the server reads', async () => {
    const response = await sendRaw(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${MARK.repeat(4000)}\r\n\r\n`);
    expectPlatformError(response, 431, 'HEADERS_TOO_LARGE');
  });

  it('answers 400 to a method HTTP does not have', async () => {
    const response = await sendRaw(port, `${MARK.toUpperCase()} /api/health HTTP/1.1\r\nHost: x\r\n\r\n`);
    expectPlatformError(response, 400, 'BAD_REQUEST');
  });

  it('answers 400 to a Content-Length that is not a number', async () => {
    const response = await sendRaw(
      port,
      `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${MARK}\r\n\r\n{}`,
    );
    expectPlatformError(response, 400, 'BAD_REQUEST');
  });

  it('answers 400 to bytes that are not HTTP', async () => {
    const response = await sendRaw(port, `${MARK} \u0001\u0002 nonsense\r\n\r\n`);
    expectPlatformError(response, 400, 'BAD_REQUEST');
  });

  it('still answers a well-formed request on the same server', async () => {
    const response = await sendRaw(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(response.status).toBe(200);
  });
});
