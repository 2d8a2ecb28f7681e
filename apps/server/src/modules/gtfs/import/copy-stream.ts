import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** One `COPY … FROM STDIN` on a connection: chunks in, waiting whenever PostgreSQL asks the sender to slow down. */
export class CopyInStream {
  private readonly stream: ReturnType<typeof copyFrom>;

  constructor(client: pg.PoolClient, statement: string) {
    this.stream = client.query(copyFrom(statement));
  }

  /** Sends a chunk; resolves once the connection can take more. The chunk must not change afterwards. */
  async write(chunk: string | Buffer): Promise<void> {
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }

  /** Ends the COPY: resolves once PostgreSQL has taken every row. */
  async end(): Promise<void> {
    this.stream.end();
    await finished(this.stream);
  }

  /** Gives up: PostgreSQL aborts the COPY and the transaction it is in. */
  abort(error: Error): void {
    // PostgreSQL answers the abandoned COPY with an error of its own; nobody waits for it any more.
    this.stream.on('error', () => {});
    this.stream.destroy(error);
  }
}
