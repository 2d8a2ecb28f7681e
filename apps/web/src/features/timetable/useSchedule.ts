import type { TMobilitySystem, TRouteDirection, TSchedule } from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export interface TScheduleRequest {
  stopId?: number;
  routeId?: number;
  direction?: TRouteDirection;
  /** "YYYY-MM-DD"; without it, today where the network runs. */
  date?: string | null;
}

/** GET /public-transport/schedule (spec 001 §7). */
export function useSchedule(request: TScheduleRequest, enabled = true) {
  return useQuery({
    queryKey: ['schedule', request],
    queryFn: ({ signal }) =>
      api.get<TSchedule>(
        'public-transport/schedule',
        { ...request, date: request.date ?? undefined } as Record<string, unknown>,
        signal,
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The public details of a system (name, type), for the timetable page. */
export function usePublicSystem(id: number | null) {
  return useQuery({
    queryKey: ['mobility-system', 'public', id],
    queryFn: ({ signal }) => api.get<TMobilitySystem>(`mobility-system/${id}/details`, undefined, signal),
    enabled: id !== null,
  });
}
