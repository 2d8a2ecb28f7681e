import type {
  TIotDeadLetter,
  TIotReadFormat,
  TIotReplayResult,
  TPagedList,
  ZIotDeadLetterSearchQuery,
} from '@mip/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDatabase } from '../../db/database.ts';
import { searchPage } from '../../db/paged-search.ts';
import { iotDeadLetters } from '../../db/schema/index.ts';
import { recordAudit, type TActor } from '../../http/audit.ts';
import { notFound } from '../../http/errors.ts';
import type { ReadingBus } from '../iot-readings/reading-bus.ts';
import { sortMessages, storeReadings } from '../iot-readings/reading-ingest.ts';
import { toIotDeadLetter } from './iot-queues.presenter.ts';
import { readIotQueueRow } from './iot-queues.service.ts';

type TDeadLetterQuery = z.infer<typeof ZIotDeadLetterSearchQuery>;

/** A replay of "all" takes this many letters, oldest first; the rest wait for the next one. */
export const REPLAY_BATCH = 1000;

export async function searchDeadLetters(
  db: TDatabase,
  queueId: number,
  query: TDeadLetterQuery,
): Promise<TPagedList<TIotDeadLetter>> {
  await readIotQueueRow(db, queueId);
  return searchPage(
    db,
    {
      columns: sql`d.*`,
      from: sql`from iot_dead_letters d`,
      where: [sql`d.queue_id = ${queueId}`, query.reason ? sql`d.reason = ${query.reason}` : undefined],
      sortColumns: { receivedAt: { expression: sql`d.id` } },
      defaultSort: 'receivedAt',
      defaultDirection: 'DESC',
      tiebreak: sql`d.id`,
    },
    query,
    (row: Record<string, unknown>) =>
      toIotDeadLetter({
        id: row.id as number,
        queueId: row.queue_id as number,
        topic: row.topic as string | null,
        payload: row.payload as string,
        reason: row.reason as string,
        detail: row.detail as string | null,
        receivedAt: new Date(row.received_at as string),
        replayCount: row.replay_count as number,
      }),
  );
}

/**
 * Reads dead letters again with the queue's current format and readers (the
 * reader's parameter may exist by now, the paths may have been fixed): those
 * that read store their readings and leave the list; the others stay with
 * their new reason. Readings are published once the transaction commits.
 */
export async function replayDeadLetters(
  db: TDatabase,
  bus: ReadingBus,
  queueId: number,
  letterId: number | null,
  actor: TActor,
): Promise<TIotReplayResult> {
  const queue = await readIotQueueRow(db, queueId);
  const outcome = await db.transaction(async (tx) => {
    const letters = await tx
      .select()
      .from(iotDeadLetters)
      .where(and(eq(iotDeadLetters.queueId, queueId), letterId === null ? undefined : eq(iotDeadLetters.id, letterId)))
      .orderBy(asc(iotDeadLetters.id))
      .limit(REPLAY_BATCH)
      .for('update', letterId === null ? { skipLocked: true } : {});
    if (letterId !== null && letters.length === 0) throw notFound();
    const byMessage = new Map(
      letters.map((letter) => [
        letter.id,
        { topic: letter.topic, payload: letter.payload, receivedAt: letter.receivedAt },
      ]),
    );
    const { readable, dead } = await sortMessages(tx, queue.format as TIotReadFormat, [...byMessage.values()]);
    const idOf = new Map([...byMessage].map(([id, message]) => [message, id]));
    const replayedIds = readable.map((entry) => idOf.get(entry.message) as number);
    const readings = readable.flatMap((entry) => entry.readings);
    await storeReadings(tx, readings, null);
    if (replayedIds.length > 0) await tx.delete(iotDeadLetters).where(inArray(iotDeadLetters.id, replayedIds));
    for (const letter of dead) {
      await tx
        .update(iotDeadLetters)
        .set({ reason: letter.reason, detail: letter.detail, replayCount: sql`${iotDeadLetters.replayCount} + 1` })
        .where(eq(iotDeadLetters.id, idOf.get(letter.message) as number));
    }
    await recordAudit(tx, actor, {
      action: 'REPLAY',
      recordType: letterId === null ? 'iot_queue' : 'iot_dead_letter',
      recordId: letterId ?? queueId,
      after: { replayed: replayedIds.length, stillFailing: dead.length, readings: readings.length },
    });
    return { readings, result: { replayed: replayedIds.length, stillFailing: dead.length, readings: readings.length } };
  });
  await bus.publish(outcome.readings);
  return outcome.result;
}

/** Deletes one dead letter, or all of a queue's. */
export async function deleteDeadLetters(
  db: TDatabase,
  queueId: number,
  letterId: number | null,
  actor: TActor,
): Promise<number> {
  await readIotQueueRow(db, queueId);
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(iotDeadLetters)
      .where(and(eq(iotDeadLetters.queueId, queueId), letterId === null ? undefined : eq(iotDeadLetters.id, letterId)))
      .returning({ id: iotDeadLetters.id, payload: iotDeadLetters.payload, reason: iotDeadLetters.reason });
    if (letterId !== null && deleted.length === 0) throw notFound();
    await recordAudit(tx, actor, {
      action: 'DELETE',
      recordType: letterId === null ? 'iot_queue' : 'iot_dead_letter',
      recordId: letterId ?? queueId,
      before:
        letterId === null
          ? { deadLetters: deleted.length }
          : { reason: deleted[0].reason, payload: deleted[0].payload.slice(0, 2000) },
    });
    return deleted.length;
  });
}
