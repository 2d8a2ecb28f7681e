import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfiguration } from '../../features/configuration/useAppConfiguration';
import { useCurrentRoute } from '../useCurrentRoute';

/** The current screen's title (from the route declaration), also set as the document title. */
export function usePageTitle(): string | null {
  const { t } = useTranslation();
  const config = useAppConfiguration();
  const route = useCurrentRoute();
  const title = route ? t(route.titleKey) : null;
  useEffect(() => {
    const appTitle = String(config.appTitle ?? '');
    document.title = title ? `${title} · ${appTitle}` : appTitle;
  }, [title, config.appTitle]);
  return title;
}
