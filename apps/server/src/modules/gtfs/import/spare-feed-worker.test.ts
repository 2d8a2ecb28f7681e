import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareFeedWorker, takeFeedWorker } from './spare-feed-worker.ts';

// Nothing listens there: a thread's early connection fails, which only its task (none here) would report.
const DATABASE_URL = 'postgres://nobody@127.0.0.1:9/nothing';
const OTHER_DATABASE_URL = 'postgres://nobody@127.0.0.1:9/other';

const started: Worker[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((worker) => worker.terminate()));
});

describe('the feed worker thread started ahead', () => {
  it('is the one the next task takes, and only that task', () => {
    const waiting = prepareFeedWorker(DATABASE_URL);
    started.push(waiting);
    expect(prepareFeedWorker(DATABASE_URL)).toBe(waiting);
    const taken = takeFeedWorker(DATABASE_URL);
    const next = takeFeedWorker(DATABASE_URL);
    started.push(next.worker);
    expect(taken.worker).toBe(waiting);
    expect(next.worker).not.toBe(waiting);
    expect(next.applicationName).not.toBe(taken.applicationName);
  });

  it('is not taken by a task on another database: that task gets a thread of its own', async () => {
    const waiting = prepareFeedWorker(DATABASE_URL);
    started.push(waiting);
    const taken = takeFeedWorker(OTHER_DATABASE_URL);
    started.push(taken.worker);
    expect(taken.worker).not.toBe(waiting);
    await once(waiting, 'exit');
  });

  it('stops once it has waited its time, and a task then gets a thread of its own', async () => {
    const waiting = prepareFeedWorker(DATABASE_URL, { idleMs: 50 });
    started.push(waiting);
    await once(waiting, 'exit');
    const taken = takeFeedWorker(DATABASE_URL);
    started.push(taken.worker);
    expect(taken.worker).not.toBe(waiting);
  });
});
