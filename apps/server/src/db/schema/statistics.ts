import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One visit of the public map (spec 001 §3 usage metrics session), upserted
 * by its browser-chosen id every 60 s. The server's own clock decides the
 * day a session counts for; the visitor's timestamps are kept as sent.
 */
export const usageSessions = pgTable(
  'usage_sessions',
  {
    id: text('id').primaryKey(),
    deviceType: text('device_type'),
    browserName: text('browser_name'),
    browserVersion: text('browser_version'),
    operatingSystem: text('operating_system'),
    operatingSystemVersion: text('operating_system_version'),
    startTimestamp: timestamp('client_started_at', { withTimezone: true }).notNull(),
    currentTimestamp: timestamp('client_current_at', { withTimezone: true }).notNull(),
    systemsClicked: integer('systems_clicked').array().notNull().default(sql`'{}'::int[]`),
    filter: jsonb('filter'),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('usage_sessions_first_seen_idx').on(t.firstSeenAt)],
);
