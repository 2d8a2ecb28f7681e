import { createHash } from 'node:crypto';

/** A picture in the audit log: a short fingerprint that changes with it, not the bulky markup or bytes. */
export const fingerprint = (value: string | null) =>
  value === null ? null : `sha1:${createHash('sha1').update(value).digest('hex').slice(0, 12)}`;
