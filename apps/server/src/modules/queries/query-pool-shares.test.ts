import { describe, expect, it } from 'vitest';
import { createQueryPoolShares, PoolShareRefusedError, type TQueryShare } from './query-pool-shares.ts';

const visitor = (sourceKey: string, clientKey: string): TQueryShare => ({ sourceKey, clientKey, isVisitor: true });
const staff = (sourceKey: string, clientKey: string): TQueryShare => ({ sourceKey, clientKey, isVisitor: false });

describe('sharing the query pool (5 connections)', () => {
  const shares = () => createQueryPoolShares({ poolSize: 5, shareWaitMs: 50, backgroundWaitMs: 200 });

  it('gives one data source at most three, and refuses the next caller with BUSY', async () => {
    const pool = shares();
    for (let i = 0; i < 3; i++) await pool.enter(visitor('source:1', `ip:${i}`));
    await expect(pool.enter(staff('source:1', 'user:1'))).rejects.toMatchObject({ reason: 'BUSY' });
    expect(pool.inUse()).toBe(3);
  });

  it('never gives visitors the connection kept for staff', async () => {
    const pool = shares();
    for (let i = 0; i < 4; i++) await pool.enter(visitor(`source:${i}`, `ip:${i}`));
    await expect(pool.enter(visitor('source:9', 'ip:9'))).rejects.toBeInstanceOf(PoolShareRefusedError);
    await pool.enter(staff('source:9', 'user:1'));
    expect(pool.inUse()).toBe(5);
  });

  it('lets a caller that waits take the slot given back within the wait', async () => {
    const pool = shares();
    const leaves = await Promise.all([1, 2, 3].map((i) => pool.enter(visitor('source:1', `ip:${i}`))));
    const waiting = pool.enter(visitor('source:1', 'ip:4'));
    leaves[0]();
    await expect(waiting).resolves.toBeTypeOf('function');
    expect(pool.inUse()).toBe(3);
  });

  it('queues background work (no share) until a connection is free', async () => {
    const pool = shares();
    const leaves = await Promise.all([1, 2, 3, 4, 5].map((i) => pool.enter(staff(`source:${i}`, `user:${i}`))));
    const report = pool.enter(undefined);
    leaves[4]();
    await expect(report).resolves.toBeTypeOf('function');
    await expect(pool.enter(undefined)).rejects.toMatchObject({ reason: 'WAITED_TOO_LONG' });
  });
});
