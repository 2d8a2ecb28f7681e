import type { TAuthSession } from '@mip/shared';
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../app/storage-keys';

/**
 * The signed-in session, kept in localStorage so a reload or a new tab stays
 * signed in. While impersonating, `impersonate` holds the original session
 * (spec 000 §3) so "exit impersonation" can restore it.
 */
export interface TSessionState {
  session: TAuthSession | null;
  impersonate: TAuthSession | null;
  sessionExpired: boolean;
}

const STORAGE_KEY = STORAGE_KEYS.session;
const EMPTY: TSessionState = { session: null, impersonate: null, sessionExpired: false };

function read(): TSessionState {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    return raw ? { ...EMPTY, ...(JSON.parse(raw) as TSessionState) } : EMPTY;
  } catch {
    return EMPTY;
  }
}

let state: TSessionState = typeof localStorage === 'undefined' ? EMPTY : read();
const listeners = new Set<() => void>();

function write(next: TSessionState) {
  state = next;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // private mode without storage: the session lives until the tab closes
  }
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  // Another tab signed in or out: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY) return;
    state = read();
    for (const listener of listeners) listener();
  });
}

export const sessionStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(session: TAuthSession) {
    write({ session, impersonate: null, sessionExpired: false });
  },
  /** Replaces the session in place (a refreshed read of the same sign-in). */
  update(session: TAuthSession) {
    write({ ...state, session });
  },
  startImpersonation(session: TAuthSession) {
    write({ session, impersonate: state.impersonate ?? state.session, sessionExpired: false });
  },
  exitImpersonation() {
    write({ session: state.impersonate, impersonate: null, sessionExpired: false });
  },
  signOut() {
    write(EMPTY);
  },
  /** The server refused the token or its validity passed: keep nothing but the fact. */
  expire() {
    if (!state.session) return;
    write({ ...EMPTY, sessionExpired: true });
  },
  token: () => state.session?.session.token ?? null,
};

export function isSessionValid(session: TAuthSession | null, now = Date.now()): boolean {
  return Boolean(session && Date.parse(session.session.validity) > now);
}

export function useSessionState(): TSessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

/** The live session, or null when signed out or expired. */
export function useSession(): TAuthSession | null {
  const { session } = useSessionState();
  return isSessionValid(session) ? session : null;
}
