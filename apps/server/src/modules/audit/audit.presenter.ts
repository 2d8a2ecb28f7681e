import type { TAuditEntry } from '@mip/shared';
import { formatCsvRow } from '../../lib/csv.ts';
import { toIsoTimestamp } from '../../lib/timestamps.ts';

export type TAuditRow = {
  id: number;
  at: Date | string;
  user_id: number | null;
  user_name: string | null;
  impersonator_user_id: number | null;
  impersonator_name: string | null;
  action: string;
  record_type: string;
  record_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
};

const person = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? `#${id}` });

export function toAuditEntry(row: TAuditRow): TAuditEntry {
  return {
    id: row.id,
    at: toIsoTimestamp(row.at),
    user: person(row.user_id, row.user_name),
    impersonator: person(row.impersonator_user_id, row.impersonator_name),
    action: row.action,
    recordType: row.record_type,
    recordId: row.record_id,
    before: row.before,
    after: row.after,
    ip: row.ip,
  };
}

export const AUDIT_CSV_HEADER = formatCsvRow([
  'at',
  'userId',
  'userName',
  'impersonatorId',
  'impersonatorName',
  'action',
  'recordType',
  'recordId',
  'ip',
  'before',
  'after',
]);

const asJson = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

export function toAuditCsvRow(row: TAuditRow): string {
  const entry = toAuditEntry(row);
  return formatCsvRow([
    entry.at,
    entry.user?.id ?? null,
    entry.user?.name ?? null,
    entry.impersonator?.id ?? null,
    entry.impersonator?.name ?? null,
    entry.action,
    entry.recordType,
    entry.recordId,
    entry.ip,
    asJson(entry.before),
    asJson(entry.after),
  ]);
}
