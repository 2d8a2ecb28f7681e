import { COMMON_PASSWORDS } from './common-passwords.ts';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 25;

/**
 * The spec's password rule: at least one uppercase, one lowercase, one digit
 * and one non-alphanumeric character, 6 to 25 long; and not one of the
 * passwords every attacker tries first.
 * Returns the error code, or null when the password is acceptable.
 */
export function checkPassword(password: string): 'FORM_PASSWORD_ERROR' | 'PASSWORD_TOO_COMMON' | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return 'FORM_PASSWORD_ERROR';
  if (!/\p{Lu}/u.test(password)) return 'FORM_PASSWORD_ERROR';
  if (!/\p{Ll}/u.test(password)) return 'FORM_PASSWORD_ERROR';
  if (!/\d/.test(password)) return 'FORM_PASSWORD_ERROR';
  if (!/[^\p{L}\p{N}]/u.test(password)) return 'FORM_PASSWORD_ERROR';
  if (isCommonPassword(password)) return 'PASSWORD_TOO_COMMON';
  return null;
}

/**
 * Composition rules push people to "Password1!": compare the letters-only core
 * and the whole lowercased password against the list.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return true;
  const core = lower
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z]/g, '');
  return core.length <= 3 || COMMON_PASSWORDS.has(core);
}
