import type { TAuditAction, TAuditRecordType } from '@mip/shared';
import type { FastifyRequest } from 'fastify';
import type { TDatabase } from '../db/database.ts';
import { auditLog } from '../db/schema/index.ts';

/** Who made a change: the session's user, the person behind an impersonation, and from where. */
export interface TActor {
  userId: number | null;
  impersonatorUserId: number | null;
  ip: string | null;
  userAgent: string | null;
}

export function actorOf(request: FastifyRequest): TActor {
  return {
    userId: request.auth?.user.id ?? null,
    impersonatorUserId: request.auth?.impersonatorUserId ?? null,
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
  };
}

export interface TAuditEntry {
  action: TAuditAction;
  recordType: TAuditRecordType;
  recordId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

type TWriter = Pick<TDatabase, 'insert'>;

/** Secrets never reach the audit log, even as "before" and "after". */
const SECRET_KEYS = new Set(['passwordHash', 'password', 'tokenHash', 'token', 'sessionToken']);
/** What the log keeps of a secret: that there was one before a change, and that it changed. */
export const REDACTED = '[redacted]';
export const CHANGED = '[changed]';

function redact(value: unknown): unknown {
  if (value === null || value === undefined || typeof value !== 'object') return value ?? null;
  if (Array.isArray(value)) return value.map(redact);
  if (value instanceof Date) return value.toISOString();
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = SECRET_KEYS.has(key) ? REDACTED : redact(v);
  return out;
}

/** Only the fields that changed, so the log shows the difference and not two whole records. */
export function diffRecords(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changedBefore: Record<string, unknown> = {};
  const changedAfter: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === 'updatedAt') continue;
    if (JSON.stringify(redact(before[key])) !== JSON.stringify(redact(after[key]))) {
      changedBefore[key] = before[key];
      changedAfter[key] = after[key];
    }
  }
  return { before: changedBefore, after: changedAfter };
}

/** Records one write; pass the transaction the write runs in so both land or neither. */
export async function recordAudit(writer: TWriter, actor: TActor, entry: TAuditEntry): Promise<void> {
  await writer.insert(auditLog).values({
    userId: actor.userId,
    impersonatorUserId: actor.impersonatorUserId,
    ip: actor.ip,
    userAgent: actor.userAgent,
    action: entry.action,
    recordType: entry.recordType,
    recordId: entry.recordId === undefined || entry.recordId === null ? null : String(entry.recordId),
    before: redact(entry.before),
    after: redact(entry.after),
  });
}
