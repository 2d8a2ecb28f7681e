import type { TIotQueue, TIotReadFormat, TPagedList, ZIotQueueInput, ZIotQueueSearchQuery } from '@mip/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { searchPage } from '../../db/paged-search.ts';
import { iotDeadLetters, iotQueueStatus, iotQueues } from '../../db/schema/index.ts';
import { byFoldedText, matchesSearch } from '../../db/text-search.ts';
import { diffRecords, recordAudit, type TActor } from '../../http/audit.ts';
import { AppError, notFound, rethrowUniqueViolation } from '../../http/errors.ts';
import type { TSecretBox } from '../../lib/secrets.ts';
import { publishMessage } from './broker-clients.ts';
import { STATUS_STALE_AFTER_S } from './consumer-supervisor.ts';
import { type TIotQueueRow, toBrokerTarget, toIotQueue, toIotQueueRecord } from './iot-queues.presenter.ts';

type TQueueInput = z.infer<typeof ZIotQueueInput>;
type TQueueSearchQuery = z.infer<typeof ZIotQueueSearchQuery>;

const DUPLICATE_NAME = { iot_queues_name_idx: { property: 'name', error: 'DUPLICATE_NAME' } };
const PUBLISH_TIMEOUT_MS = 8_000;

/** Queues with their consumer's status and dead-letter count, in the order given. */
async function presentQueues(db: TExecutor, rows: TIotQueueRow[]): Promise<TIotQueue[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const statuses = await db.select().from(iotQueueStatus).where(inArray(iotQueueStatus.queueId, ids));
  const { rows: extra } = await db.execute<{ queue_id: number; letters: number; is_consuming: boolean }>(
    sql`select q.id as queue_id,
               (select count(*)::int from iot_dead_letters d where d.queue_id = q.id) as letters,
               coalesce((select s.heartbeat_at > now() - make_interval(secs => ${STATUS_STALE_AFTER_S})
                           from iot_queue_status s where s.queue_id = q.id), false) as is_consuming
          from iot_queues q where q.id = any(${sql.param(ids)}::int[])`,
  );
  const statusOf = new Map(statuses.map((status) => [status.queueId, status]));
  const extraOf = new Map(extra.map((row) => [row.queue_id, row]));
  return rows.map((row) =>
    toIotQueue(
      row,
      statusOf.get(row.id) ?? null,
      extraOf.get(row.id)?.letters ?? 0,
      extraOf.get(row.id)?.is_consuming ?? false,
    ),
  );
}

export async function searchIotQueues(db: TDatabase, query: TQueueSearchQuery): Promise<TPagedList<TIotQueue>> {
  const page = await searchPage(
    db,
    {
      columns: sql`q.id`,
      from: sql`from iot_queues q`,
      where: [
        query.protocol ? sql`q.protocol = ${query.protocol}` : undefined,
        query.enabled === undefined ? undefined : sql`q.enabled = ${query.enabled}`,
        matchesSearch(query.universalSearch, [
          byFoldedText(sql`q.name`),
          byFoldedText(sql`q.topic`),
          byFoldedText(sql`q.url`),
        ]),
      ],
      sortColumns: {
        name: { expression: sql`q.name collate pt_natural` },
        protocol: { expression: sql`q.protocol` },
        createdAt: { expression: sql`q.created_at` },
        updatedAt: { expression: sql`q.updated_at` },
      },
      defaultSort: 'name',
      tiebreak: sql`q.id`,
    },
    query,
    (row: Record<string, unknown>) => row.id as number,
  );
  const rows = page.content.length ? await db.select().from(iotQueues).where(inArray(iotQueues.id, page.content)) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = page.content.map((id) => byId.get(id)).filter((row) => row !== undefined);
  return { ...page, content: await presentQueues(db, ordered) };
}

export async function readIotQueueRow(db: TExecutor, id: number): Promise<TIotQueueRow> {
  const [row] = await db.select().from(iotQueues).where(eq(iotQueues.id, id));
  if (!row) throw notFound();
  return row;
}

export async function readIotQueue(db: TExecutor, id: number): Promise<TIotQueue> {
  const [queue] = await presentQueues(db, [await readIotQueueRow(db, id)]);
  return queue;
}

function toFormat(input: TQueueInput['format']): TIotReadFormat {
  return {
    readingsPath: input.readingsPath || null,
    readerIdPath: input.readerIdPath,
    valuePath: input.valuePath,
    timestampPath: input.timestampPath || null,
  };
}

/** The columns of a queue; the password is sealed, kept as it was when not given, removed when ''. */
function toColumns(input: TQueueInput, secrets: TSecretBox, stored: string | null) {
  const password =
    input.password === undefined || input.password === null
      ? stored
      : input.password === ''
        ? null
        : secrets.encrypt(input.password);
  return {
    name: input.name,
    protocol: input.protocol,
    url: input.url,
    username: input.username?.trim() || null,
    passwordEncrypted: password,
    topic: input.topic,
    format: toFormat(input.format),
    enabled: input.enabled,
  };
}

export async function createIotQueue(
  db: TDatabase,
  input: TQueueInput,
  secrets: TSecretBox,
  actor: TActor,
): Promise<TIotQueue> {
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(iotQueues)
        .values(toColumns(input, secrets, null))
        .returning();
      await recordAudit(tx, actor, {
        action: 'CREATE',
        recordType: 'iot_queue',
        recordId: row.id,
        after: toIotQueueRecord(row),
      });
      return (await presentQueues(tx, [row]))[0];
    })
    .catch((error) => rethrowUniqueViolation(error, DUPLICATE_NAME));
}

export async function updateIotQueue(
  db: TDatabase,
  id: number,
  input: TQueueInput,
  secrets: TSecretBox,
  actor: TActor,
): Promise<TIotQueue> {
  return db
    .transaction(async (tx) => {
      const [before] = await tx.select().from(iotQueues).where(eq(iotQueues.id, id)).for('update');
      if (!before) throw notFound();
      const [after] = await tx
        .update(iotQueues)
        .set({ ...toColumns(input, secrets, before.passwordEncrypted), updatedAt: sql`now()` })
        .where(eq(iotQueues.id, id))
        .returning();
      await recordAudit(tx, actor, {
        action: 'UPDATE',
        recordType: 'iot_queue',
        recordId: id,
        ...diffRecords(toIotQueueRecord(before), toIotQueueRecord(after)),
      });
      return (await presentQueues(tx, [after]))[0];
    })
    .catch((error) => rethrowUniqueViolation(error, DUPLICATE_NAME));
}

/** The queue's dead letters and status go with it; its readings stay as history. */
export async function deleteIotQueue(db: TDatabase, id: number, actor: TActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(iotQueues).where(eq(iotQueues.id, id)).returning();
    if (!before) throw notFound();
    await recordAudit(tx, actor, {
      action: 'DELETE',
      recordType: 'iot_queue',
      recordId: id,
      before: toIotQueueRecord(before),
    });
  });
}

/**
 * Publishes a message to the queue's broker as a device would, so it goes all
 * the way through the broker and the consumer. Audited: it may change values.
 */
export async function sendTestMessage(
  db: TDatabase,
  id: number,
  payload: string,
  secrets: TSecretBox,
  actor: TActor,
): Promise<void> {
  const row = await readIotQueueRow(db, id);
  const target = toBrokerTarget(row, secrets, `test-${process.pid}`);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      publishMessage(target, payload),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('the broker did not answer in time')), PUBLISH_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    throw new AppError('BROKER_UNREACHABLE', {
      message: `The broker could not take the message: ${(error as Error).message || 'no answer'}`,
      status: 502,
    });
  } finally {
    clearTimeout(timer);
  }
  await recordAudit(db, actor, {
    action: 'TEST_MESSAGE',
    recordType: 'iot_queue',
    recordId: id,
    after: { payload: payload.slice(0, 2000) },
  });
}

export async function countDeadLetters(db: TExecutor, queueId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(iotDeadLetters)
    .where(eq(iotDeadLetters.queueId, queueId));
  return row?.count ?? 0;
}
