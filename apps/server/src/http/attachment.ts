import type { FastifyReply } from 'fastify';

/**
 * Content-Disposition for a download: an ASCII name for old clients and the
 * real one (accents included) as RFC 5987 `filename*`, which browsers prefer.
 */
export function attachmentDisposition(filename: string): string {
  const ascii = filename
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Answers with a file to save, never to render: its type, its name, and no sniffing. */
export function sendAttachment(
  reply: FastifyReply,
  file: { filename: string; mimeType: string; contents: Buffer },
): FastifyReply {
  return reply
    .type(file.mimeType)
    .header('content-disposition', attachmentDisposition(file.filename))
    .header('x-content-type-options', 'nosniff')
    .send(file.contents);
}
