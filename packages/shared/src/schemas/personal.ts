import { z } from 'zod';
import { LANGUAGES } from './common.ts';
import { ZUserInput } from './users.ts';

/** What the signed-in user sees and may change of themselves on /personal. */
export const ZProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  language: z.enum(LANGUAGES),
  timeZone: z.string(),
  receiveNotifications: z.boolean(),
});
export type TProfile = z.infer<typeof ZProfile>;

/**
 * PUT /users/me: the fields a user keeps for themselves, checked with the user
 * form's own rules and codes (spec 000 §5), so the two never disagree. Email,
 * entity, role and status stay with whoever holds WRITE_USER.
 */
export const ZProfileInput = ZUserInput.pick({
  name: true,
  language: true,
  timeZone: true,
  receiveNotifications: true,
});
export type TProfileInput = z.infer<typeof ZProfileInput>;
