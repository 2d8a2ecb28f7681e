import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useSession } from '../features/auth/session-store';
import { UnauthorizedContent } from '../features/errors/UnauthorizedPage';
import { safeRedirectTarget, useAppPath } from './paths';
import { canAccess, type TAccess } from './routes';

/**
 * Protected screens render nothing for a visitor: they go to sign-in with the
 * path they asked for kept, and come back to it afterwards. The server checks
 * every call again; this only spares the user a screen they cannot use.
 */
export function AccessGuard({ access, children }: { access: TAccess; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const [search] = useSearchParams();
  const appPath = useAppPath();
  if (canAccess(access, session)) return children;
  if (access === 'signedOut')
    return <Navigate to={safeRedirectTarget(search.get('redirect')) ?? appPath('/')} replace />;
  if (!session) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={`/auth?redirect=${encodeURIComponent(from)}`} replace />;
  }
  return <UnauthorizedContent />;
}
