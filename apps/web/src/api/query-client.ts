import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

/**
 * Server state is read fresh on every screen (spec 000 §7: responses are never
 * cached); the API client itself retries network failures, so queries do not retry again.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 0,
        gcTime: 0,
        retry: (count, error) => !(error instanceof ApiError) && count < 3,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
