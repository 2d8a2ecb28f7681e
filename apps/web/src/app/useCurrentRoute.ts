import { useMatches } from 'react-router';
import type { TRouteHandle } from './router';
import type { TAppRoute } from './routes';

/** The declaration of the screen being shown (the deepest match that carries one), or null outside any. */
export function useCurrentRoute(): TAppRoute | null {
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => (match.handle as TRouteHandle | undefined)?.route)?.handle as
    | TRouteHandle
    | undefined;
  return handle?.route ?? null;
}
