import {
  type TUsageSession,
  USAGE_FILTER_MAX_CHARS,
  USAGE_MAX_CLICKS,
  USAGE_SEND_INTERVAL_MS,
  USAGE_SESSION_RESET_MS,
} from '@mip/shared';
import { api } from '../../api/client';
import { describeDevice, type TDeviceDescription } from './user-agent';

/** The session as the browser keeps it: the spec's fields, the times in milliseconds. */
export type TUsageSessionState = Required<Omit<TUsageSession, 'filter'>> & { filter: unknown };

/**
 * Spec 001 §4: the metrics session is reset when older than 120 s — when
 * nothing was sent or done for that long (a tab asleep, a laptop shut), the
 * visit is over and the next activity starts a new one.
 */
export function isUsageSessionExpired(session: Pick<TUsageSessionState, 'currentTimestamp'>, now: number): boolean {
  return now - session.currentTimestamp > USAGE_SESSION_RESET_MS;
}

export function newUsageSession(device: TDeviceDescription, now: number, id: string): TUsageSessionState {
  return { id, ...device, startTimestamp: now, currentTimestamp: now, systemsClicked: [], filter: null };
}

export interface TUsageTracker {
  /** Sends now and then every 60 s until stopped. */
  start: () => void;
  stop: () => void;
  /** A system opened on the map (its card). */
  recordSystemClick: (systemId: number) => void;
  /** The map filter now in force. */
  setFilter: (filter: unknown) => void;
  /** The session as it stands (a copy). */
  current: () => TUsageSessionState;
}

export interface TUsageTrackerOptions {
  send: (session: TUsageSessionState) => Promise<unknown>;
  device: TDeviceDescription;
  now?: () => number;
  newId?: () => string;
  /** Spec 001 §8: a failed send is only logged. */
  log?: (message: string, error: unknown) => void;
}

/**
 * The usage statistics of one map page (spec 001 §7 PUT /statistics/session):
 * the session is sent every 60 s; it starts afresh when older than 120 s.
 */
export function createUsageTracker(options: TUsageTrackerOptions): TUsageTracker {
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => crypto.randomUUID());
  const log = options.log ?? ((message, error) => console.warn(message, error));
  let session = newUsageSession(options.device, now(), newId());
  let timer: ReturnType<typeof setInterval> | null = null;

  /** The session to add to now: a fresh one when the last is over. */
  const live = () => {
    const at = now();
    if (isUsageSessionExpired(session, at)) session = newUsageSession(options.device, at, newId());
    return session;
  };

  const send = () => {
    const current = live();
    current.currentTimestamp = Math.max(current.currentTimestamp, now());
    options.send({ ...current, systemsClicked: [...current.systemsClicked] }).catch((error) => {
      log('usage statistics could not be sent', error);
    });
  };

  return {
    start: () => {
      if (timer) return;
      send();
      timer = setInterval(send, USAGE_SEND_INTERVAL_MS);
    },
    stop: () => {
      if (timer) clearInterval(timer);
      timer = null;
    },
    recordSystemClick: (systemId) => {
      const current = live();
      // The server takes at most this many; beyond it a session is surely a robot, not a visitor.
      if (current.systemsClicked.length < USAGE_MAX_CLICKS) current.systemsClicked.push(systemId);
    },
    setFilter: (filter) => {
      const current = live();
      current.filter = JSON.stringify(filter ?? null).length <= USAGE_FILTER_MAX_CHARS ? (filter ?? null) : null;
    },
    current: () => ({ ...session, systemsClicked: [...session.systemsClicked] }),
  };
}

/**
 * For the map page: starts sending this browser's usage session and answers
 * the tracker (record clicks and the filter on it; stop it on leaving).
 */
export function startUsageStatistics(): TUsageTracker {
  const tracker = createUsageTracker({
    send: (session) => api.put('statistics/session', session),
    device: describeDevice(navigator.userAgent, navigator.maxTouchPoints),
  });
  tracker.start();
  return tracker;
}
