import { useEffect, useRef } from 'react';
import { Outlet } from 'react-router';
import { closeAllNotifications } from '../../components/notify';
import { isSessionValid, sessionStore, useSessionState } from '../../features/auth/session-store';
import { hostApp, useHostAppFrame } from '../host-app';
import { useRemoveAppShell } from './app-shell';

/** Spec 001 §4: the session's validity is checked every second. */
export const SESSION_CHECK_INTERVAL = 1000;

/** Around every screen: session expiry, a clean slate of notifications per user, and the host app's bridge. */
export function AppFrame() {
  const { session } = useSessionState();
  useRemoveAppShell();

  useEffect(() => {
    if (!session) return;
    const check = () => {
      if (!isSessionValid(session)) sessionStore.expire();
    };
    check();
    const timer = setInterval(check, SESSION_CHECK_INTERVAL);
    return () => clearInterval(timer);
  }, [session]);

  const userId = session?.id ?? null;
  const previousUser = useRef(userId);
  useEffect(() => {
    if (previousUser.current !== userId) closeAllNotifications();
    previousUser.current = userId;
  }, [userId]);

  return (
    <>
      {hostApp && <HostAppLink />}
      <Outlet />
    </>
  );
}

/** Only inside a mobile app: a plain browser runs none of it. */
function HostAppLink() {
  useHostAppFrame();
  return null;
}
