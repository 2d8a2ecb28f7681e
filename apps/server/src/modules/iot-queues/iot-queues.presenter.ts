import type { TIotDeadLetter, TIotDeadLetterReason, TIotQueue, TIotReadFormat } from '@mip/shared';
import type { iotDeadLetters, iotQueueStatus, iotQueues } from '../../db/schema/index.ts';
import { fingerprint } from '../../lib/fingerprint.ts';
import type { TSecretBox } from '../../lib/secrets.ts';
import type { TConsumedQueue } from './queue-consumer.ts';

export type TIotQueueRow = typeof iotQueues.$inferSelect;
export type TIotQueueStatusRow = typeof iotQueueStatus.$inferSelect;

/** How a queue's consumer reaches its broker, the password decrypted. */
export function toBrokerTarget(row: TIotQueueRow, secrets: TSecretBox, installation: string): TConsumedQueue {
  return {
    id: row.id,
    protocol: row.protocol,
    url: row.url,
    username: row.username,
    password: row.passwordEncrypted ? secrets.decrypt(row.passwordEncrypted) : null,
    topic: row.topic,
    format: row.format as TIotReadFormat,
    clientId: `mip-${installation}-q${row.id}`,
    version: row.updatedAt.toISOString(),
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toIotQueue(
  row: TIotQueueRow,
  status: TIotQueueStatusRow | null,
  deadLetterCount: number,
  isConsuming: boolean,
): TIotQueue {
  const format = row.format as TIotReadFormat;
  return {
    id: row.id,
    name: row.name,
    protocol: row.protocol,
    url: row.url,
    username: row.username,
    hasPassword: row.passwordEncrypted !== null,
    topic: row.topic,
    format: {
      readingsPath: format.readingsPath ?? null,
      readerIdPath: format.readerIdPath,
      valuePath: format.valuePath,
      timestampPath: format.timestampPath ?? null,
    },
    enabled: row.enabled,
    status: {
      connected: row.enabled && isConsuming && (status?.connected ?? false),
      isConsuming: row.enabled && isConsuming,
      lastConnectedAt: iso(status?.lastConnectedAt ?? null),
      lastMessageAt: iso(status?.lastMessageAt ?? null),
      messagesPerMinute: isConsuming ? (status?.messagesPerMinute ?? 0) : 0,
      errorCount: status?.errorCount ?? 0,
      lastError: status?.lastError ?? null,
      lastErrorAt: iso(status?.lastErrorAt ?? null),
      deadLetterCount,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a queue: a fingerprint of the sealed password (so a change shows), never the password. */
export function toIotQueueRecord(row: TIotQueueRow) {
  const { createdAt: _created, updatedAt: _updated, passwordEncrypted, ...fields } = row;
  return { ...fields, password: fingerprint(passwordEncrypted) };
}

export function toIotDeadLetter(row: typeof iotDeadLetters.$inferSelect): TIotDeadLetter {
  return {
    id: row.id,
    queueId: row.queueId,
    topic: row.topic,
    payload: row.payload,
    reason: row.reason as TIotDeadLetterReason,
    detail: row.detail,
    receivedAt: row.receivedAt.toISOString(),
    replayCount: row.replayCount,
  };
}
