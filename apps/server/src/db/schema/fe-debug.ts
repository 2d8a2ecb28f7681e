import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * What a browser reported when a screen failed (spec 001 POST /fe-debug/).
 * One row per distinct error per client in a window: repeats raise
 * `occurrences` instead of adding rows, so a page failing in a loop costs one row.
 */
export const feDebugReports = pgTable(
  'fe_debug_reports',
  {
    id: serial('id').primaryKey(),
    errorName: text('error_name'),
    message: text('message').notNull(),
    stack: text('stack'),
    componentStack: text('component_stack'),
    device: jsonb('device').$type<Record<string, string | number>>().notNull(),
    href: text('href').notNull(),
    pathname: text('pathname').notNull(),
    /** Who was signed in, if anyone (a public visitor of the map has no account). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The client address, also the throttling key. */
    ip: text('ip'),
    /** Hash of the error and the screen: what makes two reports "the same error". */
    fingerprint: text('fingerprint').notNull(),
    occurrences: integer('occurrences').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fe_debug_reports_created_idx').on(t.createdAt),
    index('fe_debug_reports_client_idx').on(t.ip, t.createdAt),
    index('fe_debug_reports_fingerprint_idx').on(t.fingerprint, t.lastSeenAt),
    // The list's default order (most recently seen first), and the retention sweep's cut-off.
    index('fe_debug_reports_last_seen_idx').on(t.lastSeenAt),
  ],
);
