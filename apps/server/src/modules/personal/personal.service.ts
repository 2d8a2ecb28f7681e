import type { TProfile, TProfileInput } from '@mip/shared';
import { eq, sql } from 'drizzle-orm';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';
import { diffRecords, recordAudit, type TActor } from '../../http/audit.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { TAuthContext } from '../auth/session-store.ts';

const PROFILE_COLUMNS = {
  id: users.id,
  name: users.name,
  email: users.email,
  language: users.language,
  timeZone: users.timeZone,
  receiveNotifications: users.receiveNotifications,
};

async function loadProfile(db: TExecutor, userId: number, options: { forUpdate?: boolean } = {}): Promise<TProfile> {
  const query = db.select(PROFILE_COLUMNS).from(users).where(eq(users.id, userId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row as TProfile;
}

/** The caller's own details, as the personal area edits them. */
export function readProfile(db: TDatabase, auth: TAuthContext): Promise<TProfile> {
  return loadProfile(db, auth.user.id);
}

/**
 * Saves the caller's own name, language, time zone and notification choice.
 * Refused while impersonating: these are the other person's preferences, and
 * they are not the impersonator's to change.
 */
export async function updateProfile(
  db: TDatabase,
  auth: TAuthContext,
  input: TProfileInput,
  actor: TActor,
): Promise<TProfile> {
  if (auth.impersonatorSessionId) {
    throw new AppError('IMPERSONATION_NOT_ALLOWED', {
      message: "Another user's personal details cannot be changed while impersonating them",
    });
  }
  return db.transaction(async (tx) => {
    const before = await loadProfile(tx, auth.user.id, { forUpdate: true });
    await tx
      .update(users)
      .set({
        name: input.name,
        language: input.language,
        timeZone: input.timeZone,
        receiveNotifications: input.receiveNotifications,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, auth.user.id));
    const after = await loadProfile(tx, auth.user.id);
    const diff = diffRecords(before, after);
    if (Object.keys(diff.after).length > 0) {
      await recordAudit(tx, actor, { action: 'UPDATE', recordType: 'user', recordId: auth.user.id, ...diff });
    }
    return after;
  });
}
