import { IOT_MESSAGE_MAX_CHARS, readIotMessage, type TIotDeadLetterReason, type TIotReadFormat } from '@mip/shared';
import { sql } from 'drizzle-orm';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import type { TStoredReading } from './reading-bus.ts';

/** One message as it came off a broker. */
export interface TIncomingMessage {
  topic: string | null;
  payload: string;
  receivedAt: Date;
}

export interface TDeadLetterDraft {
  message: TIncomingMessage;
  reason: TIotDeadLetterReason;
  detail: string | null;
}

export interface TBatchOutcome {
  readings: TStoredReading[];
  deadLetters: TDeadLetterDraft[];
}

/** PostgreSQL text cannot hold NUL; a dead letter keeps the start of a huge message only. */
export const toStorableText = (payload: string) =>
  payload.slice(0, IOT_MESSAGE_MAX_CHARS).replaceAll('\u0000', '\uFFFD');

/**
 * Reads a batch of messages: the readings of those that read cleanly and name
 * only readers some IOT parameter has, and a dead letter for each other one.
 */
export async function sortMessages(
  db: TExecutor,
  format: TIotReadFormat,
  messages: TIncomingMessage[],
): Promise<{ readable: { message: TIncomingMessage; readings: TStoredReading[] }[]; dead: TDeadLetterDraft[] }> {
  const dead: TDeadLetterDraft[] = [];
  const read: { message: TIncomingMessage; readings: TStoredReading[] }[] = [];
  for (const message of messages) {
    const result = readIotMessage(message.payload, format, message.receivedAt);
    if (result.ok) read.push({ message, readings: result.readings });
    else dead.push({ message, reason: result.reason, detail: result.detail });
  }
  const readerIds = [...new Set(read.flatMap((entry) => entry.readings.map((reading) => reading.readerId)))];
  const known = await knownReaders(db, readerIds);
  const readable = read.filter((entry) => {
    const unknown = entry.readings.find((reading) => !known.has(reading.readerId));
    if (unknown) dead.push({ message: entry.message, reason: 'UNKNOWN_READER', detail: unknown.readerId });
    return !unknown;
  });
  return { readable, dead };
}

async function knownReaders(db: TExecutor, readerIds: string[]): Promise<Set<string>> {
  if (readerIds.length === 0) return new Set();
  const { rows } = await db.execute<{ reader_id: string }>(
    sql`select distinct reader_id from mobility_system_parameters
         where type = 'IOT' and reader_id = any(${sql.param(readerIds)}::text[])`,
  );
  return new Set(rows.map((row) => row.reader_id));
}

/**
 * Stores readings as history and puts each reader's latest one (by when it was
 * observed, so a late message never overwrites a newer value) on the IOT
 * parameters that name it. One statement per batch, atomic on its own: the
 * round trips to PostgreSQL, not the work in them, are what bound how many
 * messages a second one consumer stores. The insert's rows are not visible to
 * the rest of the statement, so `prior` is the newest reading stored before.
 */
export async function storeReadings(tx: TExecutor, readings: TStoredReading[], queueId: number | null): Promise<void> {
  if (readings.length === 0) return;
  await tx.execute(
    sql`with batch as (
          select r.reader_id, r.value, r.observed_at, r.n
            from unnest(${sql.param(readings.map((r) => r.readerId))}::text[],
                        ${sql.param(readings.map((r) => r.value))}::float8[],
                        ${sql.param(readings.map((r) => r.observedAt.toISOString()))}::timestamptz[])
                 with ordinality as r(reader_id, value, observed_at, n)),
        stored as (
          insert into iot_readings (reader_id, value, observed_at, queue_id)
          select reader_id, value, observed_at, ${queueId}::integer from batch order by n),
        newest as (
          select distinct on (reader_id) reader_id, value, observed_at from batch
           order by reader_id, observed_at desc, n desc),
        latest as (
          select b.reader_id, coalesce(prior.value, b.value) as value
            from newest b
            left join lateral (select i.value from iot_readings i
                                where i.reader_id = b.reader_id and i.observed_at > b.observed_at
                                order by i.observed_at desc, i.id desc limit 1) prior on true)
        update mobility_system_parameters p
           set value = latest.value::text
          from latest
         where p.type = 'IOT' and p.reader_id = latest.reader_id
           and p.value is distinct from latest.value::text`,
  );
}

export async function storeDeadLetters(tx: TExecutor, queueId: number, letters: TDeadLetterDraft[]): Promise<void> {
  if (letters.length === 0) return;
  await tx.execute(
    sql`insert into iot_dead_letters (queue_id, topic, payload, reason, detail, received_at)
        select ${queueId}::integer, l.topic, l.payload, l.reason, l.detail, l.received_at
          from unnest(${sql.param(letters.map((l) => l.message.topic))}::text[],
                      ${sql.param(letters.map((l) => toStorableText(l.message.payload)))}::text[],
                      ${sql.param(letters.map((l) => l.reason))}::text[],
                      ${sql.param(letters.map((l) => (l.detail === null ? null : toStorableText(l.detail).slice(0, 500))))}::text[],
                      ${sql.param(letters.map((l) => l.message.receivedAt.toISOString()))}::timestamptz[])
               as l(topic, payload, reason, detail, received_at)`,
  );
}

/**
 * One batch of a queue's messages: readings, parameter values and dead letters
 * are committed together or not at all. A batch without dead letters (the
 * usual one) is a single statement, with no BEGIN and COMMIT to wait for.
 */
export async function ingestMessageBatch(
  db: TDatabase,
  queue: { id: number; format: TIotReadFormat },
  messages: TIncomingMessage[],
): Promise<TBatchOutcome> {
  const { readable, dead } = await sortMessages(db, queue.format, messages);
  const readings = readable.flatMap((entry) => entry.readings);
  if (dead.length === 0) await storeReadings(db, readings, queue.id);
  else {
    await db.transaction(async (tx) => {
      await storeReadings(tx, readings, queue.id);
      await storeDeadLetters(tx, queue.id, dead);
    });
  }
  return { readings, deadLetters: dead };
}
