import { z } from 'zod';
import { checkPassword, type TPasswordOwner } from '../password.ts';
import { LANGUAGES } from './common.ts';

const missing = (code: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === '' ? code : undefined;

export const ZEmail = z
  .string({ error: 'MISSING_EMAIL' })
  .trim()
  .min(1, { error: 'MISSING_EMAIL' })
  .max(254, { error: 'INVALID_EMAIL' })
  .pipe(z.email({ error: 'INVALID_EMAIL' }))
  .transform((email) => email.toLowerCase());

export const ZLoginInput = z.object({
  email: ZEmail,
  password: z.string({ error: 'MISSING_PASSWORD' }).min(1, { error: 'MISSING_PASSWORD' }).max(200),
});
export type TLoginInput = z.infer<typeof ZLoginInput>;

/**
 * A new password: the spec's rule, checked once here for server and form
 * alike. A form that knows whose password it is passes the owner, so their
 * name and email are refused too; the server checks that once it has loaded
 * the user (the request does not say who it is for).
 */
export const newPasswordFor = (owner?: TPasswordOwner) =>
  z
    .string({ error: 'FORM_PASSWORD_ERROR' })
    .max(200, { error: 'FORM_PASSWORD_ERROR' })
    .superRefine((password, ctx) => {
      const problem = checkPassword(password, owner);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
export const ZNewPassword = newPasswordFor();

function passwordsMatch(value: { newPassword: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (value.newPassword !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'USER_PASSWORD_MISMATCH' });
  }
}

const ZConfirmPassword = z.string({ error: 'USER_PASSWORD_MISMATCH' }).max(200);

export const changePasswordInputFor = (owner?: TPasswordOwner) =>
  z
    .object({
      oldPassword: z
        .string({ error: missing('MISSING_OLD_PASSWORD') })
        .min(1, { error: 'MISSING_OLD_PASSWORD' })
        .max(200),
      newPassword: newPasswordFor(owner),
      confirmPassword: ZConfirmPassword,
    })
    .superRefine(passwordsMatch);
export const ZChangePasswordInput = changePasswordInputFor();
export type TChangePasswordInput = z.infer<typeof ZChangePasswordInput>;

export const ZRecoveryInput = z.object({ email: ZEmail });

export const setPasswordInputFor = (owner?: TPasswordOwner) =>
  z.object({ newPassword: newPasswordFor(owner), confirmPassword: ZConfirmPassword }).superRefine(passwordsMatch);
export const ZSetPasswordInput = setPasswordInputFor();
export type TSetPasswordInput = z.infer<typeof ZSetPasswordInput>;

export const ZTokenParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  token: z.string().min(10).max(200),
});

const ZRef = z.object({ id: z.number().int(), name: z.string() });

export const ZSessionRole = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions: z.array(z.string()),
});

/** The spec's authenticated session (000 §3). */
export const ZAuthSession = z.object({
  isAuthenticated: z.literal(true),
  type: z.string(),
  id: z.number().int(),
  name: z.string(),
  user: z.object({ email: z.string() }),
  entity: z.object({ id: z.number().int(), name: z.string(), profile: ZRef.nullable() }),
  entityProfile: ZRef.nullable(),
  entitiesAccessList: z.array(z.number().int()),
  role: ZSessionRole,
  legalWarningReadTimestamp: z.string().nullable(),
  timeZone: z.string(),
  language: z.enum(LANGUAGES),
  session: z.object({ validity: z.string(), token: z.string() }),
  /** Set while this session acts as someone else: who is really there. */
  impersonatedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type TAuthSession = z.infer<typeof ZAuthSession>;

/** The spec's answer to POST /auth/impersonate (000 §7). */
export const ZImpersonationSession = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  entity: z.object({ id: z.number().int(), name: z.string(), profile: ZRef.nullable() }),
  role: ZSessionRole,
  sessionToken: z.string(),
  sessionValidity: z.string(),
  timeZone: z.string(),
  language: z.enum(LANGUAGES),
  entitiesAccessList: z.array(z.number().int()),
  legalWarningReadTimestamp: z.string().nullable(),
});
export type TImpersonationSession = z.infer<typeof ZImpersonationSession>;
