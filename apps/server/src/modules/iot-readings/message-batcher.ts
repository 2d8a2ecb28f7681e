import type { TIncomingMessage } from './reading-ingest.ts';

export interface TBatchItem {
  message: TIncomingMessage;
  /** Acknowledges the message to its broker: called only once its batch is stored. */
  ack: () => void;
}

export interface TBatcherOptions {
  /** A batch is stored once it holds this many messages… */
  maxBatch: number;
  /** …or this long after its first message arrived. */
  maxWaitMs: number;
  /** Stores a batch; throwing leaves its messages unacknowledged, for the broker to deliver again. */
  store: (messages: TIncomingMessage[]) => Promise<void>;
  onStoreFailed: (error: unknown) => void;
}

/**
 * Gathers a consumer's messages into batches stored one at a time: while one
 * batch is being written the next fills up, so a busy queue costs one
 * transaction per few hundred messages rather than one each. The buffer is
 * bounded by the broker's own flow control (AMQP prefetch, MQTT receive
 * maximum / in-flight window): it stops sending once that many are unacknowledged.
 */
export class MessageBatcher {
  readonly #options: TBatcherOptions;
  #buffer: TBatchItem[] = [];
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;

  constructor(options: TBatcherOptions) {
    this.#options = options;
  }

  get pending(): number {
    return this.#buffer.length;
  }

  push(item: TBatchItem): void {
    this.#buffer.push(item);
    if (this.#running) return;
    if (this.#buffer.length >= this.#options.maxBatch) this.#start();
    else this.#timer ??= setTimeout(() => this.#start(), this.#options.maxWaitMs);
  }

  /** Forgets what is not stored yet: after a lost connection the broker delivers it again. */
  discard(): void {
    this.#buffer = [];
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** Resolves once every message pushed so far is stored (or its batch failed). */
  async drain(): Promise<void> {
    if (this.#buffer.length > 0 && !this.#running) this.#start();
    while (this.#running) await this.#running;
  }

  #start(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#running || this.#buffer.length === 0) return;
    this.#running = this.#run().finally(() => {
      this.#running = null;
      // What arrived during the last write waits no longer than a fresh message would.
      if (this.#buffer.length >= this.#options.maxBatch) this.#start();
      else if (this.#buffer.length > 0) this.#timer ??= setTimeout(() => this.#start(), this.#options.maxWaitMs);
    });
  }

  async #run(): Promise<void> {
    const batch = this.#buffer.splice(0, this.#options.maxBatch);
    try {
      await this.#options.store(batch.map((item) => item.message));
    } catch (error) {
      this.discard();
      this.#options.onStoreFailed(error);
      return;
    }
    for (const item of batch) item.ack();
  }
}
