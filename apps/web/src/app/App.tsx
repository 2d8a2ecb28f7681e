import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '../api/query-client';
import { DelayedLoader } from '../components/DelayedLoader';
import { NotificationsHost } from '../components/NotificationsHost';
import {
  AppConfigurationContext,
  appConfigurationQuery,
  readAppId,
  useAppConfigurationQuery,
} from '../features/configuration/useAppConfiguration';
import { useAppStylesheet } from '../features/configuration/useAppStylesheet';
import { ConfigurationErrorPage } from '../features/errors/ConfigurationErrorPage';
import { isAlwaysLightPath } from './paths';
import { createAppRouter } from './router';
import { STORAGE_KEYS } from './storage-keys';
import { createAppTheme, cssVariablesResolver } from './theme';

const queryClient = createQueryClient();
const router = createAppRouter();
const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.theme });
// Nothing is shown before the configuration, so it is asked for as soon as this module runs: beside the
// language's catalog and the first screen's code, not after them (on the map home at 4× CPU throttle, the
// ask went out 0.7 s later and the first paint waited for it).
void queryClient.prefetchQuery(appConfigurationQuery(readAppId(router.state.location.pathname)));

function ConfiguredApp() {
  // The configuration (colour, dark mode, title) frames everything, so it is read before the router renders.
  const [appId, setAppId] = useState(() => readAppId(router.state.location.pathname));
  const [isLightOnly, setIsLightOnly] = useState(() => isAlwaysLightPath(router.state.location.pathname));
  useEffect(
    () =>
      router.subscribe((state) => {
        setAppId(readAppId(state.location.pathname));
        setIsLightOnly(isAlwaysLightPath(state.location.pathname));
      }),
    [],
  );
  const configuration = useAppConfigurationQuery(appId);
  const config = configuration.data;
  const { t } = useTranslation();
  const closeLabel = t('common.closeDialog');
  const theme = useMemo(() => createAppTheme(closeLabel), [closeLabel]);
  useAppStylesheet(appId, configuration.dataUpdatedAt);

  useEffect(() => {
    if (config?.appTitle) document.title = config.appTitle;
  }, [config?.appTitle]);

  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      forceColorScheme={isLightOnly || (config && config.allowDarkMode !== true) ? 'light' : undefined}
    >
      <ModalsProvider>
        <NotificationsHost />
        {configuration.isError ? (
          <ConfigurationErrorPage error={configuration.error} onRetry={() => configuration.refetch()} />
        ) : !config ? (
          <DelayedLoader minHeight="100vh" />
        ) : (
          <AppConfigurationContext.Provider value={config}>
            <RouterProvider router={router} />
          </AppConfigurationContext.Provider>
        )}
      </ModalsProvider>
    </MantineProvider>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfiguredApp />
    </QueryClientProvider>
  );
}
