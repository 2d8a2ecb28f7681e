import { randomUUID, timingSafeEqual } from 'node:crypto';
import {
  checkPassword,
  type TAuthSession,
  type TChangePasswordInput,
  type TLanguage,
  type TLoginInput,
  type TPasswordOwner,
  type TSetPasswordInput,
} from '@mip/shared';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TServerConfig } from '../../config.ts';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { users, userTokens } from '../../db/schema/index.ts';
import { recordAudit, type TActor } from '../../http/audit.ts';
import { AppError, fieldErrors } from '../../http/errors.ts';
import type { TJobQueue } from '../../jobs/define-job.ts';
import { queueEmail } from '../../jobs/send-email.ts';
import { toIsoTimestampOrNull } from '../../lib/timestamps.ts';
import { createToken, hashToken } from '../../lib/tokens.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { endSession, endUserSessions, openSession, type TAuthContext } from './session-store.ts';
import { recoveryRules, settleSuccessfulAttempt, signInRules, takeAttempt } from './throttle.ts';

export interface TAuthDeps {
  db: TDatabase;
  config: TServerConfig;
  /** Account emails are queued (send-email), in the transaction of the change they follow. */
  jobs: TJobQueue;
  log: (message: string, error?: unknown) => void;
}

export type TTokenPurpose = 'RESET' | 'ACTIVATE';
export const TOKEN_HOURS: Record<TTokenPurpose, number> = { RESET: 2, ACTIVATE: 72 };

/** Loads everything the spec's session answer carries for a user. */
export async function loadAuthSession(
  db: TDatabase,
  userId: number,
  session: { token: string; validity: Date },
  impersonatedBy: { id: number; name: string } | null,
): Promise<TAuthSession> {
  const { rows } = await db.$client.query(
    `select u.id, u.name, u.email, u.type, u.language, u.time_zone, u.entities_access_list, u.legal_warning_read_at,
            e.id as entity_id, e.name as entity_name, p.id as profile_id, p.name as profile_name,
            r.id as role_id, r.name as role_name, r.permissions
       from users u
       join entities e on e.id = u.entity_id
       left join entity_profiles p on p.id = e.profile_id
       join roles r on r.id = u.role_id
      where u.id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) throw new AppError('UNAUTHORIZED');
  const profile = row.profile_id ? { id: row.profile_id, name: row.profile_name } : null;
  return {
    isAuthenticated: true,
    type: row.type,
    id: row.id,
    name: row.name,
    user: { email: row.email },
    entity: { id: row.entity_id, name: row.entity_name, profile },
    entityProfile: profile,
    entitiesAccessList: row.entities_access_list,
    role: { id: row.role_id, name: row.role_name, permissions: row.permissions },
    legalWarningReadTimestamp: toIsoTimestampOrNull(row.legal_warning_read_at),
    timeZone: row.time_zone,
    language: row.language as TLanguage,
    session: { validity: session.validity.toISOString(), token: session.token },
    impersonatedBy,
  };
}

export async function signIn(deps: TAuthDeps, input: TLoginInput, actor: TActor): Promise<TAuthSession> {
  const { db } = deps;
  const ip = actor.ip ?? 'unknown';
  const { rows } = await db.$client.query<{
    id: number;
    password_hash: string | null;
    status: string;
    is_known_address: boolean;
  }>(
    `select u.id, u.password_hash, u.status,
            exists (select 1 from sessions s
                     where s.user_id = u.id and s.ip = $2 and s.impersonator_session_id is null
                       and s.created_at > now() - interval '90 days') as is_known_address
       from users u where u.email = $1`,
    [input.email, ip],
  );
  const user = rows[0];
  const rules = signInRules(input.email, ip, { isKnownAddress: user?.is_known_address ?? false });
  // Counted before the password is checked, so attempts sent at once cannot slip past the limit.
  await takeAttempt(db, rules);
  const isValid = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !isValid) throw new AppError('INVALID_CREDENTIALS', { message: 'Wrong email or password' });
  if (user.status !== 'ACTIVE') throw new AppError('ACCOUNT_INACTIVE', { message: 'This account is inactive' });
  await settleSuccessfulAttempt(db, rules);
  const session = await openSession(db, {
    userId: user.id,
    ttlMinutes: deps.config.sessionTtlMinutes,
    ip: actor.ip ?? undefined,
    userAgent: actor.userAgent ?? undefined,
  });
  await db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, user.id));
  await recordAudit(
    db,
    { ...actor, userId: user.id },
    { action: 'SIGN_IN', recordType: 'session', recordId: session.id },
  );
  return loadAuthSession(db, user.id, session, null);
}

export async function signOut(db: TDatabase, auth: TAuthContext, actor: TActor): Promise<void> {
  await endSession(db, auth.sessionId);
  await recordAudit(db, actor, { action: 'SIGN_OUT', recordType: 'session', recordId: auth.sessionId });
}

/** Creates a single-use emailed token; only its hash is kept. */
export async function issueAccountToken(db: TExecutor, userId: number, purpose: TTokenPurpose): Promise<string> {
  const token = createToken();
  await db.insert(userTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + TOKEN_HOURS[purpose] * 3_600_000),
  });
  return token;
}

/** Queues the activation email of a user who has no password yet, in the transaction that made them active. */
export async function queueActivationMail(
  jobs: TJobQueue,
  tx: TExecutor,
  user: { id: number; status: string; passwordHash: string | null },
  actor: TActor,
): Promise<void> {
  if (user.status !== 'ACTIVE' || user.passwordHash) return;
  await queueEmail(jobs, tx, {
    key: `account-activation:${user.id}:${randomUUID()}`,
    message: { type: 'account-activation', userId: user.id, actor },
  });
}

/**
 * Always answers the same way, and does the same work, whether the email has
 * an account or not: the email is queued either way, and the job looks the
 * account up (and sends nothing for an unknown or inactive one).
 */
export async function requestPasswordRecovery(deps: TAuthDeps, email: string, actor: TActor): Promise<void> {
  await takeAttempt(deps.db, recoveryRules(actor.ip ?? 'unknown'));
  await queueEmail(deps.jobs, deps.db, {
    key: `password-recovery:${randomUUID()}`,
    message: { type: 'password-recovery', email, actor },
  });
}

/** A user's live tokens of one purpose looked at: enough for every link they could still hold. */
const LIVE_TOKENS_CHECKED = 20;

/**
 * The unused, unexpired token of this user and purpose that matches, compared
 * in constant time. Cheap: it runs before any password is hashed.
 */
async function findLiveToken(db: TExecutor, purpose: TTokenPurpose, userId: number, token: string) {
  const rows = await db
    .select({ id: userTokens.id, tokenHash: userTokens.tokenHash })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(userTokens.id))
    .limit(LIVE_TOKENS_CHECKED);
  const wanted = hashToken(token);
  const match = rows.find((row) => row.tokenHash.length === wanted.length && timingSafeEqual(row.tokenHash, wanted));
  return match ? { id: match.id } : null;
}

/** Whose a live link is (their name and email), or null when the link cannot be used. */
async function findTokenOwner(db: TDatabase, purpose: TTokenPurpose, userId: number, token: string) {
  if (!(await findLiveToken(db, purpose, userId, token))) return null;
  const [owner] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  return owner ?? null;
}

/**
 * Whether an emailed link can still be used, so the screen can say so before
 * anything is typed, and whose it is, so the form can refuse their name and
 * email in the password as the server will.
 */
export async function checkAccountToken(
  db: TDatabase,
  purpose: TTokenPurpose,
  userId: number,
  token: string,
): Promise<{ valid: boolean; email: string | null; name: string | null }> {
  const owner = await findTokenOwner(db, purpose, userId, token);
  return { valid: Boolean(owner), email: owner?.email ?? null, name: owner?.name ?? null };
}

/** The rule's last part, which needs the user: no name or email in their password. */
function assertPasswordFitsOwner(password: string, owner: TPasswordOwner): void {
  const problem = checkPassword(password, owner);
  if (problem) throw fieldErrors([{ property: 'newPassword', error: problem }]);
}

/**
 * Sets the password an emailed link was sent for. Throttled per address like
 * recovery, and the token is checked before the password is hashed, so a bad
 * link costs a lookup, never an argon2 run.
 */
export async function setPasswordWithToken(
  db: TDatabase,
  purpose: TTokenPurpose,
  userId: number,
  token: string,
  input: TSetPasswordInput,
  actor: TActor,
): Promise<void> {
  await takeAttempt(db, recoveryRules(actor.ip ?? 'unknown'));
  const invalidToken = () => new AppError('INVALID_TOKEN', { message: 'This link is no longer valid' });
  const owner = await findTokenOwner(db, purpose, userId, token);
  if (!owner) throw invalidToken();
  assertPasswordFitsOwner(input.newPassword, owner);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    // Lock the user's tokens so two uses of one link cannot both succeed.
    await tx.execute(sql`select id from user_tokens where user_id = ${userId} for update`);
    if (!(await findLiveToken(tx, purpose, userId, token))) throw invalidToken();
    await tx
      .update(userTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
    await endUserSessions(tx as unknown as TDatabase, userId);
    await recordAudit(
      tx,
      { ...actor, userId },
      {
        action: purpose === 'RESET' ? 'PASSWORD_RESET' : 'ACCOUNT_ACTIVATED',
        recordType: 'user',
        recordId: userId,
      },
    );
  });
}

export async function changePassword(
  db: TDatabase,
  auth: TAuthContext,
  input: TChangePasswordInput,
  actor: TActor,
): Promise<void> {
  if (auth.impersonatorSessionId) {
    throw new AppError('IMPERSONATION_NOT_ALLOWED', { message: 'A password cannot be changed while impersonating' });
  }
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, auth.user.id));
  if (!(await verifyPassword(user?.passwordHash ?? null, input.oldPassword))) {
    throw fieldErrors([{ property: 'oldPassword', error: 'WRONG_OLD_PASSWORD' }]);
  }
  assertPasswordFitsOwner(input.newPassword, auth.user);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, auth.user.id));
    // Anyone else signed in with the old password is signed out.
    await endUserSessions(tx as unknown as TDatabase, auth.user.id, auth.sessionId);
    await recordAudit(tx, actor, { action: 'PASSWORD_CHANGED', recordType: 'user', recordId: auth.user.id });
  });
}
