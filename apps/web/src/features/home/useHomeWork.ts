import type { THomeWork } from '@mip/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

/** GET /home/work: the signed-in user's work, each section as the server scoped it. */
export function useHomeWork() {
  return useQuery({
    queryKey: ['home', 'work'],
    queryFn: ({ signal }) => api.get<THomeWork>('home/work', undefined, signal),
  });
}
