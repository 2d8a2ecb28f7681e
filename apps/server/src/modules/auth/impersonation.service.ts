import type { TImpersonationSession } from '@mip/shared';
import { sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { recordAudit, type TActor } from '../../http/audit.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { andEntityInScopeSql } from '../entities/entity-scope.ts';
import { canManageUser } from '../users/users.service.ts';
import { loadAuthSession, type TAuthDeps } from './auth.service.ts';
import { endSession, openSession, type TAuthContext } from './session-store.ts';

const refuse = (message: string) => new AppError('IMPERSONATION_NOT_ALLOWED', { message });

/**
 * Opens a session as another user; the caller's own session stays valid so
 * the client can return to it. Security-relevant guard rails: only an active
 * user in the caller's scope, never oneself, never from an impersonation
 * session, and never someone who holds a permission or sees an entity the
 * caller does not.
 */
export async function startImpersonation(
  deps: TAuthDeps,
  auth: TAuthContext,
  userId: number,
  actor: TActor,
): Promise<TImpersonationSession> {
  const { db } = deps;
  if (auth.impersonatorSessionId) throw refuse('Exit the current impersonation first');
  if (userId === auth.user.id) throw refuse('You cannot impersonate yourself');
  const [target] = await db
    .select()
    .from(users)
    .where(sql`${users.id} = ${userId} ${andEntityInScopeSql(auth, sql`${users.entityId}`)}`);
  if (!target) throw notFound();
  if (target.status !== 'ACTIVE') throw refuse('Only an active user can be impersonated');
  // An account never activated has nobody behind it yet: there is nothing to see as them.
  if (target.passwordHash === null) throw refuse('This user has not activated their account yet');
  if (!(await canManageUser(db, auth, target))) {
    throw refuse('This user holds permissions or sees entities that you do not');
  }
  const session = await db.transaction(async (tx) => {
    const opened = await openSession(tx, {
      userId,
      ttlMinutes: deps.config.sessionTtlMinutes,
      // The impersonation never outlives the session it was opened from.
      notAfter: auth.validity,
      ip: actor.ip ?? undefined,
      userAgent: actor.userAgent ?? undefined,
      impersonatorSessionId: auth.sessionId,
    });
    await recordAudit(
      tx,
      { ...actor, userId, impersonatorUserId: auth.user.id },
      { action: 'IMPERSONATION_START', recordType: 'user', recordId: userId, after: { sessionId: opened.id } },
    );
    return opened;
  });
  const answer = await loadAuthSession(db, userId, session, { id: auth.user.id, name: auth.user.name });
  return {
    id: answer.id,
    name: answer.name,
    email: answer.user.email,
    entity: answer.entity,
    role: answer.role,
    sessionToken: answer.session.token,
    sessionValidity: answer.session.validity,
    timeZone: answer.timeZone,
    language: answer.language,
    entitiesAccessList: answer.entitiesAccessList,
    legalWarningReadTimestamp: answer.legalWarningReadTimestamp,
  };
}

/** Ends the impersonation session the call is made with; the original session is untouched. */
export async function endImpersonation(deps: TAuthDeps, auth: TAuthContext, actor: TActor): Promise<void> {
  if (!auth.impersonatorSessionId) {
    throw new AppError('NOT_IMPERSONATING', { message: 'This session is not an impersonation' });
  }
  await deps.db.transaction(async (tx) => {
    await endSession(tx, auth.sessionId);
    await recordAudit(tx, actor, {
      action: 'IMPERSONATION_END',
      recordType: 'user',
      recordId: auth.user.id,
      before: { sessionId: auth.sessionId },
    });
  });
}
