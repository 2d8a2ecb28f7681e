import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A public answer that browsers and a CDN may keep (DESIGN: public map data
 * carries ETag and Cache-Control): 304 when the caller holds this version.
 */
export function sendCacheable(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: {
    etag: string;
    maxAgeSeconds: number;
    contentType: string;
    body: string | Buffer;
    /** Set when the body is sent compressed, chosen by the caller's Accept-Encoding. */
    contentEncoding?: 'br' | 'gzip' | 'identity';
  },
) {
  reply.header('etag', answer.etag).header('cache-control', `public, max-age=${answer.maxAgeSeconds}`);
  if (answer.contentEncoding) reply.header('vary', 'accept-encoding');
  const held = request.headers['if-none-match'];
  if (held?.split(',').some((tag) => tag.trim() === answer.etag)) return reply.status(304).send();
  if (answer.contentEncoding && answer.contentEncoding !== 'identity') {
    reply.header('content-encoding', answer.contentEncoding);
  }
  return reply.type(answer.contentType).send(answer.body);
}
