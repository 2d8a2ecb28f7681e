/**
 * Who a query runs for, so that the query pool can be shared out: no data
 * source and no caller may hold more than its share, and visitors never take
 * the connections kept for staff.
 */
export interface TQueryShare {
  /** The data source the query comes from (a slow source must not hold every connection). */
  sourceKey: string;
  /** The caller: a signed-in user (`user:<id>`) or a visitor's address (`ip:<address>`). */
  clientKey: string;
  /** An anonymous visitor: limited to the connections staff do not keep for themselves. */
  isVisitor: boolean;
}

/** Why no connection was given. */
export type TPoolRefusal = 'BUSY' | 'WAITED_TOO_LONG';

export class PoolShareRefusedError extends Error {
  readonly reason: TPoolRefusal;
  constructor(reason: TPoolRefusal) {
    super(
      reason === 'BUSY'
        ? 'Every query connection this request may use is busy'
        : 'No query connection became free in time',
    );
    this.reason = reason;
  }
}

interface TWaiter {
  share: TQueryShare | undefined;
  admit: (leave: () => void) => void;
  timer: NodeJS.Timeout;
}

/**
 * Hands out the query pool's connections. Interactive calls (a share) get one
 * at once or after at most `shareWaitMs` (enough for the fast queries of a
 * dashboard loading all its widgets together to take turns), else they are
 * refused with BUSY rather than hang; calls without a share (reports in the
 * background) queue for up to `backgroundWaitMs`, as they did on the pool.
 */
export function createQueryPoolShares(options: { poolSize: number; shareWaitMs: number; backgroundWaitMs: number }) {
  const { poolSize } = options;
  /** At most half the pool (rounded up) per data source and per caller. */
  const perKey = Math.ceil(poolSize / 2);
  /**
   * Kept for signed-in staff: visitors may never hold more than the rest. A
   * quarter (at least one), so that one flooded public source (at most half)
   * still leaves visitors of other public dashboards a connection.
   */
  const staffReserve = poolSize > 1 ? Math.max(1, Math.floor(poolSize / 4)) : 0;
  let inUse = 0;
  let visitorsInUse = 0;
  const bySource = new Map<string, number>();
  const byClient = new Map<string, number>();
  const waiters: TWaiter[] = [];

  const count = (map: Map<string, number>, key: string, delta: number) => {
    const next = (map.get(key) ?? 0) + delta;
    if (next === 0) map.delete(key);
    else map.set(key, next);
  };

  function fits(share: TQueryShare | undefined): boolean {
    if (inUse >= poolSize) return false;
    if (!share) return true;
    if ((bySource.get(share.sourceKey) ?? 0) >= perKey) return false;
    if ((byClient.get(share.clientKey) ?? 0) >= perKey) return false;
    return !share.isVisitor || visitorsInUse < poolSize - staffReserve;
  }

  function take(share: TQueryShare | undefined): () => void {
    inUse++;
    if (share) {
      count(bySource, share.sourceKey, 1);
      count(byClient, share.clientKey, 1);
      if (share.isVisitor) visitorsInUse++;
    }
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      inUse--;
      if (share) {
        count(bySource, share.sourceKey, -1);
        count(byClient, share.clientKey, -1);
        if (share.isVisitor) visitorsInUse--;
      }
      admitWaiters();
    };
  }

  /** Oldest first, but a waiter whose share is full does not hold up those behind it. */
  function admitWaiters() {
    for (let i = 0; i < waiters.length && inUse < poolSize; ) {
      const waiter = waiters[i];
      if (!fits(waiter.share)) {
        i++;
        continue;
      }
      waiters.splice(i, 1);
      clearTimeout(waiter.timer);
      waiter.admit(take(waiter.share));
    }
  }

  return {
    /** A connection slot for this share; the function it answers gives the slot back. */
    enter(share: TQueryShare | undefined): Promise<() => void> {
      // Whoever waits cannot fit either: a free slot goes to the first caller it fits.
      if (fits(share)) return Promise.resolve(take(share));
      const waitMs = share ? options.shareWaitMs : options.backgroundWaitMs;
      return new Promise((resolve, reject) => {
        const waiter: TWaiter = {
          share,
          admit: resolve,
          timer: setTimeout(() => {
            waiters.splice(waiters.indexOf(waiter), 1);
            reject(new PoolShareRefusedError(share ? 'BUSY' : 'WAITED_TOO_LONG'));
          }, waitMs),
        };
        waiters.push(waiter);
      });
    },
    /** Connections handed out now (tests and the bench read it). */
    inUse: () => inUse,
  };
}
