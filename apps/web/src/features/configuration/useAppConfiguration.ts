import { type TAppConfiguration, type TConfigurationPair, transformConfiguration } from '@mip/shared';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { api } from '../../api/client';

/** `/app/{appId}/…` selects an application's own configuration (spec 000 §1). */
export function readAppId(pathname: string): string | null {
  return /^\/app\/(\d+)(?:\/|$)/.exec(pathname)?.[1] ?? null;
}

export function useAppConfigurationQuery(appId: string | null) {
  return useQuery({
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

export const AppConfigurationContext = createContext<TAppConfiguration>({});

export function useAppConfiguration(): TAppConfiguration {
  return useContext(AppConfigurationContext);
}
