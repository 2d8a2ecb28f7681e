import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * When each periodic task (a retention sweep…) last ran, across every server
 * process: the one that moves `last_run_at` forward runs it, the others skip.
 */
export const periodicRuns = pgTable('periodic_runs', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
});
