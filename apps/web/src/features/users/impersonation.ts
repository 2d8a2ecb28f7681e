import type { TAuthSession, TImpersonationSession } from '@mip/shared';
import { api } from '../../api/client';
import { sessionStore } from '../auth/session-store';

/** The spec's impersonation answer, as the session the console runs on. */
export function toImpersonatedSession(answer: TImpersonationSession, original: TAuthSession): TAuthSession {
  return {
    isAuthenticated: true,
    type: 'NORMAL',
    id: answer.id,
    name: answer.name,
    user: { email: answer.email },
    entity: answer.entity,
    entityProfile: answer.entity.profile,
    entitiesAccessList: answer.entitiesAccessList,
    role: answer.role,
    legalWarningReadTimestamp: answer.legalWarningReadTimestamp,
    timeZone: answer.timeZone,
    language: answer.language,
    session: { validity: answer.sessionValidity, token: answer.sessionToken },
    impersonatedBy: { id: original.id, name: original.name },
  };
}

export async function startImpersonation(userId: number, original: TAuthSession): Promise<void> {
  const answer = await api.post<TImpersonationSession>('auth/impersonate', { userId });
  sessionStore.startImpersonation(toImpersonatedSession(answer, original));
}

/** Ends the borrowed session on the server (best effort) and restores the original one. */
export async function exitImpersonation(): Promise<void> {
  await api.post('auth/impersonate/exit').catch(() => {});
  sessionStore.exitImpersonation();
}
