import type { TIotReadFormat } from '@mip/shared';
import { MessageBatcher } from '../iot-readings/message-batcher.ts';
import type { TIncomingMessage } from '../iot-readings/reading-ingest.ts';
import { openBrokerSession, type TBrokerSession, type TBrokerTarget } from './broker-clients.ts';

export interface TConsumedQueue extends TBrokerTarget {
  id: number;
  format: TIotReadFormat;
  /** Changes whenever the queue is edited: the supervisor restarts a consumer whose version is stale. */
  version: string;
}

export interface TConsumerStatus {
  connected: boolean;
  lastConnectedAt: Date | null;
  lastMessageAt: Date | null;
  messagesPerMinute: number;
  errorCount: number;
  lastError: string | null;
  lastErrorAt: Date | null;
}

/** Reconnection waits 1 s, then doubles up to 30 s while the broker stays away. */
export const RECONNECT_MIN_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
const BATCH_SIZE = 500;
const BATCH_WAIT_MS = 5;

/** Messages of the last minute, counted per second. */
class MinuteCounter {
  readonly #seconds = new Array<number>(60).fill(0);
  #lastSecond = Math.floor(Date.now() / 1000);

  #advance(now: number) {
    const second = Math.floor(now / 1000);
    for (let s = this.#lastSecond + 1; s <= Math.min(second, this.#lastSecond + 60); s++) this.#seconds[s % 60] = 0;
    this.#lastSecond = Math.max(this.#lastSecond, second);
  }

  add(count: number, now = Date.now()) {
    this.#advance(now);
    this.#seconds[Math.floor(now / 1000) % 60] += count;
  }

  total(now = Date.now()): number {
    this.#advance(now);
    return this.#seconds.reduce((sum, count) => sum + count, 0);
  }
}

/**
 * Keeps one queue consumed: connects, hands messages to a batcher that stores
 * them (and only then acknowledges them), and reconnects with backoff when the
 * broker goes away or a batch cannot be stored.
 */
export class QueueConsumer {
  readonly queue: TConsumedQueue;
  readonly #store: (queue: TConsumedQueue, messages: TIncomingMessage[]) => Promise<void>;
  readonly #log: (message: string) => void;
  readonly #batcher: MessageBatcher;
  readonly #counter = new MinuteCounter();
  #session: TBrokerSession | null = null;
  #retryTimer: NodeJS.Timeout | null = null;
  #delayMs = RECONNECT_MIN_MS;
  #isStopped = false;
  #status: TConsumerStatus = {
    connected: false,
    lastConnectedAt: null,
    lastMessageAt: null,
    messagesPerMinute: 0,
    errorCount: 0,
    lastError: null,
    lastErrorAt: null,
  };

  constructor(options: {
    queue: TConsumedQueue;
    store: (queue: TConsumedQueue, messages: TIncomingMessage[]) => Promise<void>;
    log: (message: string) => void;
  }) {
    this.queue = options.queue;
    this.#store = options.store;
    this.#log = options.log;
    this.#batcher = new MessageBatcher({
      maxBatch: BATCH_SIZE,
      maxWaitMs: BATCH_WAIT_MS,
      store: (messages) => this.#store(this.queue, messages),
      onStoreFailed: (error) => {
        // Unacknowledged, the batch comes back from the broker once the consumer reconnects.
        this.#recordError(`the readings could not be stored: ${messageOf(error)}`);
        void this.#reconnect();
      },
    });
  }

  get status(): TConsumerStatus {
    return { ...this.#status, messagesPerMinute: this.#counter.total() };
  }

  start(): void {
    void this.#connect();
  }

  async stop(): Promise<void> {
    this.#isStopped = true;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    // What is being stored is acknowledged before the connection goes; the rest is redelivered later.
    await this.#batcher.drain();
    await this.#closeSession();
  }

  async #connect(): Promise<void> {
    this.#retryTimer = null;
    if (this.#isStopped) return;
    try {
      const session = await openBrokerSession(this.queue, {
        onMessage: (delivery) => {
          this.#status.lastMessageAt = new Date();
          this.#counter.add(1);
          this.#batcher.push({
            message: { topic: delivery.topic, payload: delivery.payload.toString('utf8'), receivedAt: new Date() },
            ack: delivery.ack,
          });
        },
        onLost: (error) => {
          this.#recordError(error.message);
          void this.#reconnect();
        },
      });
      if (this.#isStopped) {
        await session.close();
        return;
      }
      this.#session = session;
      this.#delayMs = RECONNECT_MIN_MS;
      this.#status.connected = true;
      this.#status.lastConnectedAt = new Date();
    } catch (error) {
      this.#recordError(`could not connect: ${messageOf(error)}`);
      this.#scheduleRetry();
    }
  }

  async #reconnect(): Promise<void> {
    if (this.#isStopped || this.#retryTimer) return;
    this.#batcher.discard();
    await this.#closeSession();
    this.#scheduleRetry();
  }

  #scheduleRetry() {
    if (this.#isStopped || this.#retryTimer) return;
    this.#retryTimer = setTimeout(() => void this.#connect(), this.#delayMs);
    this.#delayMs = Math.min(this.#delayMs * 2, RECONNECT_MAX_MS);
  }

  async #closeSession() {
    const session = this.#session;
    this.#session = null;
    this.#status.connected = false;
    await session?.close();
  }

  #recordError(message: string) {
    this.#status.connected = this.#session !== null && this.#status.connected;
    this.#status.errorCount += 1;
    this.#status.lastError = message.slice(0, 500);
    this.#status.lastErrorAt = new Date();
    this.#log(`IoT queue ${this.queue.id}: ${message}`);
  }
}

function messageOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return messageOf(error.errors[0]);
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
