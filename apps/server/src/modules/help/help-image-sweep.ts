import type { TDatabase } from '../../db/database.ts';
import { sweepUnusedHelpImages } from './help-images.service.ts';

/** Hourly is plenty against a day's grace; every server process sweeps, and a second sweep finds nothing. */
const SWEEP_MS = 60 * 60 * 1000;
/** The first sweep waits for the start to settle (migrations, demo data). */
const FIRST_SWEEP_MS = 60 * 1000;

/** Deletes unused help images now and then (see sweepUnusedHelpImages) until stopped. */
export function startHelpImageSweep(db: TDatabase, log: (message: string, error: unknown) => void) {
  let running: Promise<unknown> | null = null;
  const sweep = () => {
    running ??= sweepUnusedHelpImages(db)
      .catch((error) => log('Unused help images could not be swept', error))
      .finally(() => {
        running = null;
      });
  };
  const timers = [setTimeout(sweep, FIRST_SWEEP_MS), setInterval(sweep, SWEEP_MS)];
  for (const timer of timers) timer.unref();
  return {
    stop: async () => {
      for (const timer of timers) clearTimeout(timer);
      await running;
    },
  };
}
