export interface TShutdown {
  /** Something to stop on the way out; what started last stops first (the app before the database it uses). */
  add: (name: string, stop: () => unknown) => void;
  /** Stops everything (once) and exits the process; by the deadline at the latest. */
  run: (reason: string) => Promise<void>;
  isClosing: () => boolean;
}

/**
 * An orderly exit with a deadline: whatever hangs on the way out (a database
 * that no longer answers, a request that never ends), the process exits by
 * then, after `onDeadline` (which ends what must not outlive it).
 */
export function createShutdown(options: {
  timeoutSeconds: number;
  log: (message: string) => void;
  onDeadline: () => void;
}): TShutdown {
  const steps: { name: string; stop: () => unknown }[] = [];
  let current: string | null = null;
  let isClosing = false;

  return {
    add: (name, stop) => {
      steps.push({ name, stop });
    },
    isClosing: () => isClosing,
    run: async (reason) => {
      if (isClosing) return;
      isClosing = true;
      options.log(`${reason}: shutting down (at most ${options.timeoutSeconds} s)`);
      // What is being closed may still throw on its way out, and then nothing would stop what is left (the
      // embedded PostgreSQL among it). pg-boss 12.38 takes every listener off its LISTEN connection before
      // ending it, so when PostgreSQL has already gone, the dead socket's error arrives on a client nobody
      // listens to any more: an uncaught exception. Said and let go: the process is exiting anyway.
      process.on('uncaughtException', (error) => {
        options.log(`while shutting down: ${error.message}`);
      });
      setTimeout(() => {
        options.log(
          `shutdown did not finish within ${options.timeoutSeconds} s (stuck on: ${current ?? 'nothing'}); exiting now`,
        );
        options.onDeadline();
        process.exit(1);
      }, options.timeoutSeconds * 1000);
      for (const step of steps.reverse()) {
        current = step.name;
        try {
          await step.stop();
        } catch (error) {
          options.log(`stopping ${step.name} failed: ${(error as Error).message}`);
        }
      }
      process.exit(0);
    },
  };
}
