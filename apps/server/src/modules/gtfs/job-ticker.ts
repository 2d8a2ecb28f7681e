import type { TDatabase } from '../../db/database.ts';
import type { TImportProgress } from './import/stage-feed.ts';

/** A running job writes its progress this often, and notices a cancel asked for from any process. */
const TICK_MS = 500;
/** At most this often when only the cancel is looked at (no progress to write). */
const CANCEL_CHECK_MS = 2_000;

/** Writes a job's progress, and notices a cancel asked for by another request or process. */
export class JobTicker {
  private readonly db: TDatabase;
  private readonly jobId: number;
  private readonly controller: AbortController;
  private progress: TImportProgress | null = null;
  private written: TImportProgress | null = null;
  private lastWriteAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;

  constructor(db: TDatabase, jobId: number, controller: AbortController) {
    this.db = db;
    this.jobId = jobId;
    this.controller = controller;
  }

  set(progress: TImportProgress) {
    this.progress = progress;
  }

  start() {
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  /** Writes the progress now, unless it was written lately and has not changed since. */
  async tick(): Promise<void> {
    if (this.writing) return this.writing;
    const progress = this.progress;
    const isChanged = progress !== this.written;
    if (!isChanged && Date.now() - this.lastWriteAt < CANCEL_CHECK_MS) return;
    this.writing = (async () => {
      try {
        // Only while the job runs: the transaction that ends it (a swap writes DONE with its rows) may commit
        // between a progress report and this write, and a late tick must not put the job back mid-way.
        const { rows } = await this.db.$client.query<{ cancel_requested: boolean }>(
          `update gtfs_import_jobs set
                  phase = coalesce($2, phase), rows_done = coalesce($3, rows_done), rows_total = coalesce($4, rows_total)
            where id = $1 and status in ('VALIDATING', 'IMPORTING')
            returning cancel_requested`,
          [this.jobId, progress?.phase ?? null, progress?.rowsDone ?? null, progress?.rowsTotal ?? null],
        );
        this.written = progress;
        this.lastWriteAt = Date.now();
        if (rows[0]?.cancel_requested && !this.controller.signal.aborted) this.controller.abort();
      } catch {
        // A missed tick is made up by the next one.
      } finally {
        this.writing = null;
      }
    })();
    await this.writing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.writing;
  }
}
