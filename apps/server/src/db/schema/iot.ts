import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

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
  (t) => [
    index('iot_readings_reader_idx').on(t.readerId, t.observedAt.desc()),
    // The retention sweep deletes by arrival; rows arrive in that order, so a BRIN index is tiny and costs ingest nothing.
    index('iot_readings_received_brin_idx').using('brin', t.receivedAt),
  ],
);

/**
 * A connection to a message broker whose messages carry readings. The password
 * is stored encrypted (lib/secrets.ts) and never sent back.
 */
export const iotQueues = pgTable(
  'iot_queues',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    protocol: text('protocol', { enum: ['MQTT_3_1_1', 'MQTT_5', 'AMQP_0_9_1'] }).notNull(),
    url: text('url').notNull(),
    username: text('username'),
    passwordEncrypted: text('password_encrypted'),
    /** An MQTT topic filter or an AMQP queue name. */
    topic: text('topic').notNull(),
    /** {readingsPath, readerIdPath, valuePath, timestampPath}: how a message is read. */
    format: jsonb('format').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('iot_queues_name_idx').on(t.name)],
);

/**
 * What the process consuming a queue last reported, written every few seconds
 * while it holds the queue, so any process can show it.
 */
export const iotQueueStatus = pgTable('iot_queue_status', {
  queueId: integer('queue_id')
    .primaryKey()
    .references(() => iotQueues.id, { onDelete: 'cascade' }),
  connected: boolean('connected').notNull().default(false),
  lastConnectedAt: timestamp('last_connected_at', { withTimezone: true }),
  lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  messagesPerMinute: integer('messages_per_minute').notNull().default(0),
  errorCount: integer('error_count').notNull().default(0),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  /** The consumer's heartbeat: older than a few seconds means no process holds the queue. */
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Messages that could not be read or name an unknown reader, kept for staff to inspect and replay. */
export const iotDeadLetters = pgTable(
  'iot_dead_letters',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    queueId: integer('queue_id')
      .notNull()
      .references(() => iotQueues.id, { onDelete: 'cascade' }),
    topic: text('topic'),
    payload: text('payload').notNull(),
    reason: text('reason').notNull(),
    detail: text('detail'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    replayCount: integer('replay_count').notNull().default(0),
  },
  (t) => [index('iot_dead_letters_queue_idx').on(t.queueId, t.id.desc())],
);
