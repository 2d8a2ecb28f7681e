import { type TAppConfiguration, type TConfigurationPair, transformConfiguration } from '@mip/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { api } from '../../api/client';

/** `/app/{appId}/…` selects an application's own configuration (spec 000 §1). */
export function readAppId(pathname: string): string | null {
  return /^\/app\/(\d+)(?:\/|$)/.exec(pathname)?.[1] ?? null;
}

/** The configuration of the platform (appId null) or of an application, as every screen reads it. */
export function appConfigurationQuery(appId: string | null) {
  return queryOptions({
    queryKey: ['app-configuration', appId],
    queryFn: async () =>
      transformConfiguration(
        await api.get<TConfigurationPair[]>(appId ? `applications/${appId}` : 'configuration/public/list'),
      ),
    // The configuration shapes the whole shell; keep it for the page's life instead of refetching per screen.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export function useAppConfigurationQuery(appId: string | null) {
  return useQuery(appConfigurationQuery(appId));
}

export const AppConfigurationContext = createContext<TAppConfiguration>({});

export function useAppConfiguration(): TAppConfiguration {
  return useContext(AppConfigurationContext);
}
