import type { TFeDebugListItem, TFeDebugReport } from '@mip/shared';
import { toIsoTimestamp } from '../../lib/timestamps.ts';

/** A report row as SQL answers it, with the reporting user's name joined. */
export interface TFeDebugRow {
  id: number;
  error_name: string | null;
  message: string;
  stack?: string | null;
  component_stack?: string | null;
  device?: Record<string, string | number>;
  href: string;
  pathname: string;
  user_id: number | null;
  user_name: string | null;
  ip: string | null;
  user_agent?: string | null;
  occurrences: number;
  created_at: Date | string;
  last_seen_at: Date | string;
}

function common(row: TFeDebugRow) {
  return {
    id: row.id,
    errorName: row.error_name,
    message: row.message,
    href: row.href,
    pathname: row.pathname,
    user: row.user_id !== null && row.user_name !== null ? { id: row.user_id, name: row.user_name } : null,
    ip: row.ip,
    occurrences: row.occurrences,
    createdAt: toIsoTimestamp(row.created_at),
    lastSeenAt: toIsoTimestamp(row.last_seen_at),
  };
}

export function toFeDebugListItem(row: TFeDebugRow): TFeDebugListItem {
  return { ...common(row), userAgent: row.user_agent ?? null };
}

export function toFeDebugReport(row: TFeDebugRow): TFeDebugReport {
  return {
    ...common(row),
    stack: row.stack ?? null,
    componentStack: row.component_stack ?? null,
    device: row.device ?? {},
  };
}
