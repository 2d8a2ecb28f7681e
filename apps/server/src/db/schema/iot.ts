import { bigserial, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every reading an IoT reader sent, as history: the latest one also lands on the
 * value of the IOT parameters with the same readerId. Kept for the retention the
 * configuration sets; rules and the map card's chart read the recent ones.
 */
export const iotReadings = pgTable(
  'iot_readings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    readerId: text('reader_id').notNull(),
    value: doublePrecision('value').notNull(),
    /** When the device measured it (from the message, else when it arrived). */
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** The queue it came through; null for readings replayed or sent by hand. */
    queueId: integer('queue_id'),
  },
  (t) => [index('iot_readings_reader_idx').on(t.readerId, t.observedAt.desc())],
);
