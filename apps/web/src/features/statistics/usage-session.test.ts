import { USAGE_MAX_CLICKS, USAGE_SEND_INTERVAL_MS, USAGE_SESSION_RESET_MS } from '@mip/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUsageTracker, isUsageSessionExpired, type TUsageSessionState } from './usage-session';

vi.mock('../../api/client', () => ({ api: { put: vi.fn() } }));

const DEVICE = {
  deviceType: 'mobile' as const,
  browserName: 'Firefox',
  browserVersion: '133',
  operatingSystem: 'Android',
  operatingSystemVersion: '14',
};

function tracker(send = vi.fn(async (_session: TUsageSessionState) => {})) {
  let counter = 0;
  const log = vi.fn();
  const created = createUsageTracker({ send, device: DEVICE, newId: () => `session-${++counter}`, log });
  return { tracker: created, send, log };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-04-14T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('isUsageSessionExpired', () => {
  it('is true only once more than 120 s have passed since the session was last current', () => {
    const session = { currentTimestamp: 1_000_000 };
    expect(isUsageSessionExpired(session, 1_000_000 + USAGE_SESSION_RESET_MS)).toBe(false);
    expect(isUsageSessionExpired(session, 1_000_000 + USAGE_SESSION_RESET_MS + 1)).toBe(true);
  });
});

describe('createUsageTracker', () => {
  it('sends the session at once and then every 60 s, the same id with the time moving on', () => {
    const { tracker: usage, send } = tracker();
    usage.start();
    expect(send).toHaveBeenCalledTimes(1);
    const first = send.mock.calls[0][0];
    expect(first).toMatchObject({ id: 'session-1', ...DEVICE, systemsClicked: [], filter: null });
    expect(first.currentTimestamp).toBe(first.startTimestamp);
    vi.advanceTimersByTime(USAGE_SEND_INTERVAL_MS);
    vi.advanceTimersByTime(USAGE_SEND_INTERVAL_MS);
    expect(send).toHaveBeenCalledTimes(3);
    const third = send.mock.calls[2][0];
    expect(third.id).toBe('session-1');
    expect(third.startTimestamp).toBe(first.startTimestamp);
    expect(third.currentTimestamp - third.startTimestamp).toBe(2 * USAGE_SEND_INTERVAL_MS);
    usage.stop();
    vi.advanceTimersByTime(5 * USAGE_SEND_INTERVAL_MS);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('starts a new session when the last one is older than 120 s (a tab asleep), dropping its clicks', () => {
    const { tracker: usage, send } = tracker();
    usage.start();
    usage.recordSystemClick(7);
    usage.stop();
    // The page slept: no sends for three minutes.
    vi.setSystemTime(Date.now() + USAGE_SESSION_RESET_MS + 60_000);
    usage.recordSystemClick(9);
    expect(usage.current()).toMatchObject({ id: 'session-2', systemsClicked: [9] });
    expect(usage.current().startTimestamp).toBe(Date.now());
    usage.start();
    expect(send.mock.calls.at(-1)?.[0]).toMatchObject({ id: 'session-2', systemsClicked: [9] });
  });

  it('keeps the session while it is sent regularly, however long the visit', () => {
    const { tracker: usage, send } = tracker();
    usage.start();
    vi.advanceTimersByTime(30 * USAGE_SEND_INTERVAL_MS);
    expect(new Set(send.mock.calls.map(([session]) => session.id))).toEqual(new Set(['session-1']));
  });

  it('records clicks and the filter, within the bounds the server takes', () => {
    const { tracker: usage } = tracker();
    usage.recordSystemClick(3);
    usage.recordSystemClick(3);
    usage.setFilter({ groups: [1, 2], traffic: true });
    expect(usage.current()).toMatchObject({ systemsClicked: [3, 3], filter: { groups: [1, 2], traffic: true } });
    for (let i = 0; i < USAGE_MAX_CLICKS + 10; i++) usage.recordSystemClick(1);
    expect(usage.current().systemsClicked).toHaveLength(USAGE_MAX_CLICKS);
    usage.setFilter({ huge: 'x'.repeat(10_000) });
    expect(usage.current().filter).toBeNull();
  });

  it('only logs a failed send, and keeps sending', async () => {
    const send = vi.fn(async () => {
      throw new Error('offline');
    });
    const { tracker: usage, log } = tracker(send);
    usage.start();
    await vi.runOnlyPendingTimersAsync();
    expect(log).toHaveBeenCalledWith('usage statistics could not be sent', expect.any(Error));
    vi.advanceTimersByTime(USAGE_SEND_INTERVAL_MS);
    expect(send.mock.calls.length).toBeGreaterThanOrEqual(2);
    usage.stop();
  });
});
