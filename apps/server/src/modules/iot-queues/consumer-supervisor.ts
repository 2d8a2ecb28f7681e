import { createHash } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { TDatabase } from '../../db/database.ts';
import { iotQueues } from '../../db/schema/index.ts';
import type { TSecretBox } from '../../lib/secrets.ts';
import type { ReadingBus } from '../iot-readings/reading-bus.ts';
import { ingestMessageBatch } from '../iot-readings/reading-ingest.ts';
import { toBrokerTarget } from './iot-queues.presenter.ts';
import { QueueConsumer } from './queue-consumer.ts';

/** Enabled queues are looked at this often (and at once after an edit in this process). */
const RECONCILE_MS = 3_000;
/** The status screen's figures are written this often; a heartbeat older than STALE_AFTER_S means no consumer. */
const STATUS_MS = 2_000;
export const STATUS_STALE_AFTER_S = 10;
/** Advisory lock namespace of queue consumers ("IoTq"). */
const LOCK_NAMESPACE = 0x496f_5471;

export interface TIotConsumerSupervisor {
  start: () => void;
  stop: () => Promise<void>;
  /** Looks at the queues now: starts, restarts or stops consumers after an edit. */
  reconcile: () => Promise<void>;
  /** Writes the status of this process's consumers now (tests, and right after a change). */
  writeStatus: () => Promise<void>;
}

/**
 * Runs a consumer for each enabled queue. Several server processes may run
 * this: a session-level advisory lock per queue makes exactly one of them
 * consume it, and another takes over when that process goes away.
 */
export function createIotConsumerSupervisor(options: {
  db: TDatabase;
  secrets: TSecretBox;
  bus: ReadingBus;
  enabled: boolean;
  log: (message: string) => void;
}): TIotConsumerSupervisor {
  const { db, secrets, bus, log } = options;
  const consumers = new Map<number, QueueConsumer>();
  // Broker client ids must differ between installations sharing a broker (and between test databases).
  const installation = createHash('sha256')
    .update(String(db.$client.options.connectionString).replace(/\/\/[^@]*@/, '//'))
    .digest('hex')
    .slice(0, 10);
  let lockClient: pg.PoolClient | null = null;
  let timers: NodeJS.Timeout[] = [];
  let reconciling: Promise<void> | null = null;
  let isStopped = false;

  const store = async (queue: QueueConsumer['queue'], messages: Parameters<typeof ingestMessageBatch>[2]) => {
    const outcome = await ingestMessageBatch(db, queue, messages);
    // Before the broker hears of it: a listener that fails leaves the batch to be delivered again.
    await bus.publish(outcome.readings);
  };

  async function lockConnection(): Promise<pg.PoolClient> {
    if (lockClient) return lockClient;
    const client = await db.$client.connect();
    client.on('error', () => {
      // The locks went with the connection: another process may take the queues now. Once this client is
      // back in the pool (released when no queue needed it) its errors are no longer about our locks.
      if (lockClient === client) void dropAll();
    });
    lockClient = client;
    return client;
  }

  async function dropAll() {
    const client = lockClient;
    lockClient = null;
    await Promise.all([...consumers.values()].map((consumer) => consumer.stop()));
    consumers.clear();
    client?.release(true);
  }

  async function stopConsumer(id: number) {
    const consumer = consumers.get(id);
    if (!consumer) return;
    consumers.delete(id);
    await consumer.stop();
    await lockClient?.query('select pg_advisory_unlock($1, $2)', [LOCK_NAMESPACE, id]).catch(() => {});
  }

  async function reconcileNow() {
    const rows = await db.select().from(iotQueues).where(eq(iotQueues.enabled, true)).orderBy(asc(iotQueues.id));
    const wanted = new Map(rows.map((row) => [row.id, row]));
    for (const id of [...consumers.keys()]) {
      const row = wanted.get(id);
      if (!row || toBrokerTarget(row, secrets, installation).version !== consumers.get(id)?.queue.version) {
        await stopConsumer(id);
      }
    }
    for (const row of rows) {
      if (consumers.has(row.id) || isStopped) continue;
      const client = await lockConnection();
      const { rows: locked } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1, $2) as locked',
        [LOCK_NAMESPACE, row.id],
      );
      if (!locked[0]?.locked) continue;
      const consumer = new QueueConsumer({ queue: toBrokerTarget(row, secrets, installation), store, log });
      consumers.set(row.id, consumer);
      consumer.start();
    }
    if (consumers.size === 0 && lockClient) {
      lockClient.release();
      lockClient = null;
    }
  }

  async function reconcile() {
    if (!options.enabled || isStopped) return;
    // One at a time: an edit and the timer may ask at once.
    while (reconciling) await reconciling;
    reconciling = reconcileNow()
      .catch((error) => log(`IoT queues could not be looked at: ${(error as Error).message}`))
      .finally(() => {
        reconciling = null;
      });
    await reconciling;
  }

  async function writeStatus() {
    for (const consumer of consumers.values()) {
      const status = consumer.status;
      await db
        .execute(
          sql`insert into iot_queue_status as s (queue_id, connected, last_connected_at, last_message_at,
                     messages_per_minute, error_count, last_error, last_error_at, heartbeat_at)
              select ${consumer.queue.id}, ${status.connected}, ${status.lastConnectedAt}, ${status.lastMessageAt},
                     ${status.messagesPerMinute}, ${status.errorCount}, ${status.lastError}, ${status.lastErrorAt}, now()
               where exists (select 1 from iot_queues where id = ${consumer.queue.id})
              on conflict (queue_id) do update set
                connected = excluded.connected, last_connected_at = excluded.last_connected_at,
                last_message_at = coalesce(excluded.last_message_at, s.last_message_at),
                messages_per_minute = excluded.messages_per_minute, error_count = excluded.error_count,
                last_error = excluded.last_error, last_error_at = excluded.last_error_at, heartbeat_at = now()`,
        )
        .catch(() => {});
    }
  }

  return {
    start: () => {
      if (!options.enabled) return;
      isStopped = false;
      void reconcile();
      timers = [setInterval(() => void reconcile(), RECONCILE_MS), setInterval(() => void writeStatus(), STATUS_MS)];
      for (const timer of timers) timer.unref();
    },
    stop: async () => {
      isStopped = true;
      for (const timer of timers) clearInterval(timer);
      timers = [];
      while (reconciling) await reconciling;
      // Stopped first, so the last status written says the queues are no longer connected here.
      await Promise.all([...consumers.values()].map((consumer) => consumer.stop()));
      await writeStatus();
      await dropAll();
    },
    reconcile,
    writeStatus,
  };
}
