import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { sessions } from '../../db/schema/index.ts';
import { createToken, hashToken } from '../../lib/tokens.ts';

/** Who is calling, as every guard and service sees it. */
export interface TAuthContext {
  sessionId: number;
  validity: Date;
  type: string;
  user: {
    id: number;
    name: string;
    email: string;
    entityId: number;
    language: string;
    timeZone: string;
    entitiesAccessList: number[];
  };
  role: { id: number; name: string; permissions: string[] };
  /** The session this one was opened from by impersonation, and its user. */
  impersonatorSessionId: number | null;
  impersonatorUserId: number | null;
}

export interface TNewSessionInput {
  userId: number;
  ttlMinutes: number;
  ip?: string;
  userAgent?: string;
  impersonatorSessionId?: number;
  /** The session ends by then at the latest (an impersonation by the end of the session it came from). */
  notAfter?: Date;
}

/** A new session's bearer token and the row that stores it: only the token's hash is kept. */
export function newSession(input: TNewSessionInput): {
  token: string;
  row: typeof sessions.$inferInsert & { validity: Date };
} {
  const token = createToken();
  const ttlEnd = Date.now() + input.ttlMinutes * 60_000;
  return {
    token,
    row: {
      tokenHash: hashToken(token),
      userId: input.userId,
      validity: new Date(input.notAfter ? Math.min(ttlEnd, input.notAfter.getTime()) : ttlEnd),
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 500),
      impersonatorSessionId: input.impersonatorSessionId,
    },
  };
}

export async function openSession(
  db: TExecutor,
  input: TNewSessionInput,
): Promise<{ id: number; token: string; validity: Date }> {
  const { token, row } = newSession(input);
  const [saved] = await db.insert(sessions).values(row).returning({ id: sessions.id });
  return { id: saved.id, token, validity: row.validity };
}

/** The live session a bearer token names: not ended, not expired, its user still active. */
export async function findSessionByToken(db: TDatabase, token: string): Promise<TAuthContext | null> {
  const result = await db.$client.query(
    `select s.id as session_id, s.validity, s.impersonator_session_id, imp.user_id as impersonator_user_id,
            u.id, u.name, u.email, u.type, u.entity_id, u.language, u.time_zone, u.entities_access_list,
            r.id as role_id, r.name as role_name, r.permissions
       from sessions s
       join users u on u.id = s.user_id
       join roles r on r.id = u.role_id
       left join sessions imp on imp.id = s.impersonator_session_id
      where s.token_hash = $1 and s.ended_at is null and s.validity > now() and u.status = 'ACTIVE'
        -- An impersonation lives only as long as the session it was opened from.
        and (s.impersonator_session_id is null or (imp.ended_at is null and imp.validity > now()))`,
    [hashToken(token)],
  );
  const row = result.rows[0];
  if (!row) return null;
  return {
    sessionId: row.session_id,
    validity: row.validity,
    type: row.type,
    user: {
      id: row.id,
      name: row.name,
      email: row.email,
      entityId: row.entity_id,
      language: row.language,
      timeZone: row.time_zone,
      entitiesAccessList: row.entities_access_list,
    },
    role: { id: row.role_id, name: row.role_name, permissions: row.permissions },
    impersonatorSessionId: row.impersonator_session_id,
    impersonatorUserId: row.impersonator_user_id,
  };
}

export async function endSession(db: TExecutor, sessionId: number): Promise<void> {
  await db.update(sessions).set({ endedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

/** Ends every live session of a user, but the one to keep (the caller's own, when they changed their password). */
export async function endUserSessions(db: TExecutor, userId: number, keepSessionId?: number): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.endedAt),
        gt(sessions.validity, sql`now()`),
        keepSessionId ? sql`${sessions.id} <> ${keepSessionId}` : undefined,
      ),
    );
}
