import { useEffect, useRef } from 'react';
import { startUsageStatistics, type TUsageTracker } from '../statistics/usage-session';

const logFailure = (error: unknown) => console.warn('usage statistics unavailable', error);

/**
 * Spec 001 §7 PUT /statistics/session while the map page is open: started on
 * arrival, stopped on leaving; the filter in force and each system opened go
 * into the session. Statistics never break the map: failures are only logged.
 */
export function useMapUsage(filter: unknown) {
  const tracker = useRef<TUsageTracker | null>(null);
  useEffect(() => {
    try {
      tracker.current = startUsageStatistics();
    } catch (error) {
      logFailure(error);
    }
    return () => {
      tracker.current?.stop();
      tracker.current = null;
    };
  }, []);

  const filterText = JSON.stringify(filter);
  useEffect(() => {
    try {
      tracker.current?.setFilter(JSON.parse(filterText));
    } catch (error) {
      logFailure(error);
    }
  }, [filterText]);

  return {
    recordSystemClick: (systemId: number) => {
      try {
        tracker.current?.recordSystemClick(systemId);
      } catch (error) {
        logFailure(error);
      }
    },
  };
}
