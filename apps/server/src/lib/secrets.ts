import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Encrypts credentials kept in the database (broker passwords) with AES-256-GCM.
 *
 * Security-relevant: the key never lives in the database. It is SECRETS_KEY, or
 * when unset derived from the application's own database password (like the
 * query reader's password), so a dump or a data source reading the table does
 * not give the broker passwords away. Changing the key makes the stored ones
 * unreadable: they must be typed again.
 */
export interface TSecretBox {
  encrypt: (plain: string) => string;
  /** Null when the value was encrypted with another key or is damaged. */
  decrypt: (sealed: string) => string | null;
}

const VERSION = 'v1';

export function secretsKeyFor(databaseUrl: string, configured: string | null): Buffer {
  if (configured) return createHash('sha256').update(configured).digest();
  const secret = decodeURIComponent(new URL(databaseUrl).password) || 'mip-secrets';
  return createHmac('sha256', secret).update('mip-secrets').digest();
}

export function createSecretBox(key: Buffer): TSecretBox {
  return {
    encrypt: (plain) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), sealed.toString('base64')].join(
        ':',
      );
    },
    decrypt: (sealed) => {
      const [version, iv, tag, data] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || data === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
        decipher.setAuthTag(Buffer.from(tag, 'base64'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
