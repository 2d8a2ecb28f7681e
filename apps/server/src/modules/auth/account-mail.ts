import { eq } from 'drizzle-orm';
import type { TServerConfig } from '../../config.ts';
import type { TExecutor } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';
import type { TActor } from '../../http/audit.ts';
import type { TComposedEmail } from '../../jobs/send-email.ts';
import { renderAccountMail } from '../../mail/templates.ts';
import { issueAccountToken, TOKEN_HOURS, type TTokenPurpose } from './auth.service.ts';

/** The email with a single-use link (its token issued now, in the send's transaction) to set a password. */
async function composeAccountMail(
  db: TExecutor,
  config: TServerConfig,
  user: { id: number; name: string; email: string; language: string },
  purpose: TTokenPurpose,
) {
  const token = await issueAccountToken(db, user.id, purpose);
  const path = purpose === 'RESET' ? 'reset' : 'activate';
  const link = `${config.publicUrl}/auth/${path}/${user.id}/${token}`;
  const mail = renderAccountMail(purpose === 'RESET' ? 'reset' : 'activate', user.language, {
    name: user.name,
    link,
    hours: TOKEN_HOURS[purpose],
  });
  return { to: user.email, ...mail };
}

/** "Forgot my password" for an address: an email only when it is an active account's. */
export async function composePasswordRecoveryMail(
  db: TExecutor,
  config: TServerConfig,
  email: string,
  actor: TActor,
): Promise<TComposedEmail | null> {
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, language: users.language, status: users.status })
    .from(users)
    .where(eq(users.email, email));
  if (user?.status !== 'ACTIVE') return null;
  return {
    mail: await composeAccountMail(db, config, user, 'RESET'),
    audit: { actor, entry: { action: 'PASSWORD_RECOVERY_REQUESTED', recordType: 'user', recordId: user.id } },
  };
}

/** The activation link of a new account, while it is still active and has no password. */
export async function composeActivationMail(
  db: TExecutor,
  config: TServerConfig,
  userId: number,
  actor: TActor,
): Promise<TComposedEmail | null> {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      language: users.language,
      status: users.status,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (user?.status !== 'ACTIVE' || user.passwordHash) return null;
  return {
    mail: await composeAccountMail(db, config, user, 'ACTIVATE'),
    audit: { actor, entry: { action: 'ACTIVATION_MAIL_SENT', recordType: 'user', recordId: user.id } },
  };
}
