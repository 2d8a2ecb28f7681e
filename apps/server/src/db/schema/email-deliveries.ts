import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The emails the send-email job has handed to the mail server, by the
 * idempotency key each was queued with: an attempt that runs again (pg-boss
 * retries one whose process died) finds it here and sends nothing.
 */
export const emailDeliveries = pgTable('email_deliveries', {
  key: text('key').primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});
