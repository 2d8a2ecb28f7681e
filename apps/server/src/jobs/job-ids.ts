import { createHash } from 'node:crypto';

/**
 * A job id derived from what the job is about (`import-gtfs-feed:42`), in
 * the uuid form pg-boss keeps ids in: queueing the same job again — a retry
 * of the request, a sweep that adopts rows it finds waiting — inserts
 * nothing, and the job can be looked up by what it is about.
 */
export function jobIdFor(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  // Version 8 ("custom") and the RFC 4122 variant, so it reads as a well-formed uuid.
  const version = `8${hex.slice(13, 16)}`;
  const variant = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16) + hex.slice(17, 20);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${version}-${variant}-${hex.slice(20, 32)}`;
}
