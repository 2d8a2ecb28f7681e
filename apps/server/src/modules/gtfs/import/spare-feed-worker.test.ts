import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareFeedWorker, takeFeedWorker } from './spare-feed-worker.ts';

const started: Worker[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((worker) => worker.terminate()));
});

describe('the feed worker thread started ahead', () => {
  it('is the one the next task takes, and only that task', () => {
    const waiting = prepareFeedWorker();
    started.push(waiting);
    expect(prepareFeedWorker()).toBe(waiting);
    const taken = takeFeedWorker();
    const next = takeFeedWorker();
    started.push(next);
    expect(taken).toBe(waiting);
    expect(next).not.toBe(waiting);
  });

  it('stops once it has waited its time, and a task then gets a thread of its own', async () => {
    const waiting = prepareFeedWorker('check', 50);
    started.push(waiting);
    await once(waiting, 'exit');
    const taken = takeFeedWorker();
    started.push(taken);
    expect(taken).not.toBe(waiting);
  });
});
