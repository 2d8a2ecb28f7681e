import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { useAppConfiguration } from '../../features/configuration/useAppConfiguration';
import type { TRouteHandle } from '../router';

/** The current screen's title (from the route declaration), also set as the document title. */
export function usePageTitle(): string | null {
  const { t } = useTranslation();
  const config = useAppConfiguration();
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => (match.handle as TRouteHandle | undefined)?.route)?.handle as
    | TRouteHandle
    | undefined;
  const title = handle ? t(handle.route.titleKey) : null;
  useEffect(() => {
    const appTitle = String(config.appTitle ?? '');
    document.title = title ? `${title} · ${appTitle}` : appTitle;
  }, [title, config.appTitle]);
  return title;
}
