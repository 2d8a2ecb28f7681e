import type {
  TIotDeadLetter,
  TIotQueue,
  TIotQueueInput,
  TIotQueueSearchQuery,
  TIotReplayResult,
  TPagedList,
  TSystemReadings,
} from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

/** The status screen's refresh: a consumer writes its figures every 2 s. */
export const STATUS_POLL_MS = 3_000;

export function useIotQueueSearch(query: Partial<Record<keyof TIotQueueSearchQuery, unknown>>) {
  return useQuery({
    queryKey: ['iot-queues', 'search', query],
    queryFn: ({ signal }) => api.get<TPagedList<TIotQueue>>('iot-queues/search', query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: STATUS_POLL_MS,
  });
}

export function useIotQueue(id: number | null) {
  return useQuery({
    queryKey: ['iot-queues', id],
    queryFn: () => api.get<TIotQueue>(`iot-queues/${id}`),
    enabled: id !== null,
    refetchInterval: STATUS_POLL_MS,
  });
}

export function useDeadLetters(queueId: number, page: number) {
  return useQuery({
    queryKey: ['iot-queues', queueId, 'dead-letters', page],
    queryFn: () =>
      api.get<TPagedList<TIotDeadLetter>>(`iot-queues/${queueId}/dead-letters`, {
        currentPage: page,
        itemsPerPage: 10,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: STATUS_POLL_MS,
  });
}

/** Live values and recent history of a system's IOT parameters (the map card polls them). */
export function useSystemReadings(systemId: number, hours: number, enabled = true) {
  return useQuery({
    queryKey: ['system-readings', systemId, hours],
    queryFn: () => api.get<TSystemReadings>(`mobility-system/${systemId}/readings`, { hours }),
    refetchInterval: 15_000,
    enabled,
  });
}

export const saveIotQueue = (id: number | null, input: TIotQueueInput) =>
  id === null ? api.post<TIotQueue>('iot-queues', input) : api.put<TIotQueue>(`iot-queues/${id}`, input);
export const deleteIotQueue = (id: number) => api.delete<{ success: true }>(`iot-queues/${id}`);
export const sendTestMessage = (id: number, payload: string) =>
  api.post<{ success: true }>(`iot-queues/${id}/test-message`, { payload });
export const replayDeadLetter = (queueId: number, letterId: number | null) =>
  api.post<TIotReplayResult>(
    letterId === null
      ? `iot-queues/${queueId}/dead-letters/replay`
      : `iot-queues/${queueId}/dead-letters/${letterId}/replay`,
  );
export const deleteDeadLetter = (queueId: number, letterId: number | null) =>
  api.delete(
    letterId === null ? `iot-queues/${queueId}/dead-letters` : `iot-queues/${queueId}/dead-letters/${letterId}`,
  );
