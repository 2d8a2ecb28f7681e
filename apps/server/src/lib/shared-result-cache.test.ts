import { describe, expect, it } from 'vitest';
import { createSharedResultCache } from './shared-result-cache.ts';

function clock() {
  let time = 0;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('shared result cache', () => {
  it('runs the work once for callers of the same key, until the result expires', async () => {
    const time = clock();
    const cache = createSharedResultCache<string>({
      ttlMs: 1000,
      maxBytes: 1e6,
      sizeOf: (r) => r.length,
      now: time.now,
    });
    let runs = 0;
    const run = async () => `answer ${++runs}`;
    expect(await Promise.all([cache.read('k', run), cache.read('k', run)])).toEqual(['answer 1', 'answer 1']);
    time.advance(999);
    expect(await cache.read('k', run)).toBe('answer 1');
    time.advance(1);
    expect(await cache.read('k', run)).toBe('answer 2');
  });

  it('keeps a result for as long as it says: a remembered failure goes sooner than an answer', async () => {
    const time = clock();
    const cache = createSharedResultCache<{ places: string[]; isFailure: boolean }>({
      ttlMs: 60_000,
      ttlMsOf: (result) => (result.isFailure ? 5000 : 60_000),
      maxBytes: 1e6,
      sizeOf: () => 10,
      now: time.now,
    });
    let isDown = true;
    let runs = 0;
    const run = async () => {
      runs++;
      return isDown ? { places: [], isFailure: true } : { places: ['Bonfim'], isFailure: false };
    };
    await cache.read('q', run);
    isDown = false;
    time.advance(4999);
    expect((await cache.read('q', run)).isFailure).toBe(true);
    time.advance(1);
    expect(await cache.read('q', run)).toEqual({ places: ['Bonfim'], isFailure: false });
    time.advance(59_999);
    await cache.read('q', run);
    expect(runs).toBe(2);
  });

  it('drops the oldest results beyond its byte budget, and never keeps a thrown error', async () => {
    const cache = createSharedResultCache<string>({ ttlMs: 60_000, maxBytes: 700, sizeOf: (r) => r.length });
    let runs = 0;
    const run = async () => `${++runs}`.padEnd(100, '.');
    await cache.read('a', run);
    await cache.read('b', run);
    await cache.read('c', run);
    // Each weighs its 100 bytes, the key and 256 of bookkeeping: two fit, 'a' went.
    expect(await cache.read('c', run)).toMatch(/^3/);
    expect(await cache.read('a', run)).toMatch(/^4/);
    await expect(cache.read('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.read('x', async () => 'up')).toBe('up');
  });
});
