import type { TProfile, TProfileInput } from '@mip/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { changeLanguage } from '../../i18n';
import { sessionStore } from '../auth/session-store';

export function useProfile() {
  return useQuery({
    queryKey: ['personal', 'profile'],
    queryFn: ({ signal }) => api.get<TProfile>('users/me', undefined, signal),
  });
}

/**
 * Saves the user's own details and applies them to this console at once: the
 * session carries the name, language and time zone every screen reads.
 */
export async function saveProfile(input: TProfileInput): Promise<TProfile> {
  const saved = await api.put<TProfile>('users/me', input);
  const { session } = sessionStore.get();
  if (session && session.id === saved.id) {
    sessionStore.update({ ...session, name: saved.name, language: saved.language, timeZone: saved.timeZone });
  }
  await changeLanguage(saved.language);
  return saved;
}
