import { useCallback } from 'react';
import { useParams } from 'react-router';

/** The staff home (greeting and destinations): where signing in and impersonating lead; '/' is the map. */
export const STAFF_HOME_PATH = '/console';

/** Keeps links inside an application's `/app/{appId}` prefix when the user is in one. */
export function useAppPath() {
  const { appId } = useParams();
  return useCallback((path: string) => (appId ? `/app/${appId}${path === '/' ? '/' : path}` : path), [appId]);
}

/** The path a sign-in should return to, when it is one of ours. */
export function safeRedirectTarget(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/auth')) return null;
  return value;
}

/** Public dashboards are always shown in the light theme (spec 001 §2), whatever the visitor chose. */
export function isAlwaysLightPath(pathname: string): boolean {
  return /^(\/app\/[^/]+)?\/public\/dashboards\//.test(pathname);
}
