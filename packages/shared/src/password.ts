import { COMMON_PASSWORDS } from './common-passwords.ts';
import { foldText } from './fold-text.ts';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 25;

/**
 * Name words and email pieces shorter than this are not looked for: "Ana",
 * "Rui", "Sá" or "da" would refuse every password with "banana" or "ruido",
 * and guessing them gains an attacker little.
 */
export const PERSONAL_PART_MIN_LENGTH = 4;

/** Whose password it is, when the caller knows. */
export interface TPasswordOwner {
  name?: string | null;
  email?: string | null;
}

export type TPasswordProblem = 'FORM_PASSWORD_ERROR' | 'PASSWORD_TOO_COMMON' | 'PASSWORD_CONTAINS_PERSONAL_DATA';

/**
 * The spec's password rule: at least one uppercase, one lowercase, one digit
 * and one non-alphanumeric character, 6 to 25 long; and not one of the
 * passwords every attacker tries first, nor (when the owner is known) one
 * that holds their name or email.
 * Returns the error code, or null when the password is acceptable.
 */
export function checkPassword(password: string, owner?: TPasswordOwner): TPasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return 'FORM_PASSWORD_ERROR';
  if (!/\p{Lu}/u.test(password)) return 'FORM_PASSWORD_ERROR';
  if (!/\p{Ll}/u.test(password)) return 'FORM_PASSWORD_ERROR';
  if (!/\d/.test(password)) return 'FORM_PASSWORD_ERROR';
  if (!/[^\p{L}\p{N}]/u.test(password)) return 'FORM_PASSWORD_ERROR';
  if (owner && containsPersonalData(password, owner)) return 'PASSWORD_CONTAINS_PERSONAL_DATA';
  if (isCommonPassword(password)) return 'PASSWORD_TOO_COMMON';
  return null;
}

const lettersAndDigits = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Whether the password holds a word of the owner's name or of their email's
 * local part (the domain is the organisation's, not theirs), or the local part
 * whole, whatever the case and accents, even split by symbols ("Ferr-eira").
 */
export function containsPersonalData(password: string, owner: TPasswordOwner): boolean {
  const localPart = foldText(owner.email ?? '').split('@')[0];
  const parts = [
    ...foldText(owner.name ?? '').split(/[^\p{L}\p{N}]+/u),
    ...localPart.split(/[^\p{L}\p{N}]+/u),
    lettersAndDigits(localPart),
  ].filter((part) => [...part].length >= PERSONAL_PART_MIN_LENGTH);
  const compact = lettersAndDigits(foldText(password));
  return parts.some((part) => compact.includes(part));
}

/**
 * Composition rules push people to "Password1!": compare the letters-only core
 * and the whole lowercased password against the list.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return true;
  const core = foldText(password).replace(/[^a-z]/g, '');
  return core.length <= 3 || COMMON_PASSWORDS.has(core);
}
