import { createHash, randomBytes } from 'node:crypto';

/** A secret for a link or a session: 32 random bytes, URL-safe (43 characters). */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a token: its SHA-256, so a copy of the database opens nothing. */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
