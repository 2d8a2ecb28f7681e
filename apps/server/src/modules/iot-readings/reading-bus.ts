/** A reading once it is stored: what rules and live views react to. */
export type TStoredReading = {
  readerId: string;
  value: number;
  observedAt: Date;
};

export type TReadingListener = (readings: TStoredReading[]) => Promise<void>;

/**
 * The seam between ingest and whatever reacts to readings (rule templates, live
 * views). Ingest calls `publish` after the readings are committed, before it
 * acknowledges them to the broker, so a listener that fails makes the broker
 * redeliver rather than lose the reading.
 */
export class ReadingBus {
  readonly #listeners = new Set<TReadingListener>();

  subscribe(listener: TReadingListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async publish(readings: TStoredReading[]): Promise<void> {
    if (readings.length === 0) return;
    for (const listener of this.#listeners) await listener(readings);
  }
}
