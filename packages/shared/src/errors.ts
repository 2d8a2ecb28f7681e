/**
 * Stable error codes shared by server and web. The server sends them; the web
 * looks their text up in its catalogs under `errors.<CODE>`.
 */
export const ERROR_CODES = [
  // generic
  'INTERNAL_ERROR',
  'FORM_ERROR',
  'NOT_FOUND',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'SESSION_EXPIRED',
  'INVALID_JSON',
  'INVALID_VALUE',
  'MISSING_VALUE',
  'TOO_LONG',
  'TOO_SHORT',
  'TOO_MANY_REQUESTS',
  'DELETE_FAILED',
  'DELETE_SUCCESS',
  // sign-in and passwords
  'INVALID_CREDENTIALS',
  'ACCOUNT_INACTIVE',
  'INVALID_TOKEN',
  'MISSING_EMAIL',
  'INVALID_EMAIL',
  'MISSING_PASSWORD',
  'FORM_PASSWORD_ERROR',
  'PASSWORD_TOO_COMMON',
  'USER_PASSWORD_MISMATCH',
  'MISSING_OLD_PASSWORD',
  'WRONG_OLD_PASSWORD',

  // users
  'MISSING_NAME',
  'INVALID_NAME',
  'MISSING_ENTITY',
  'MISSING_ROLE',
  'DUPLICATE_EMAIL',
  'INVALID_LANGUAGE',
  'MISSING_LANGUAGE',
  'INVALID_STATUS',
  'MISSING_STATUS',
  'MISSING_TIMEZONE',
  'INVALID_TIMEZONE',
  'MISSING_RECEIVE_NOTIFICATIONS',
  // entities, profiles, roles
  'INVALID_ENTITY',
  'INVALID_VAT_NUMBER',
  'DUPLICATE_VAT_NUMBER',
  'MISSING_PROFILE',
  'INVALID_PROFILE',
  'INVALID_PARENT',
  'INVALID_PHONE',
  'INVALID_ADDRESS',
  'INVALID_POSTAL_CODE',
  'INVALID_DISTRICT',
  'INVALID_COUNTY',
  'INVALID_PARISH',
  'DUPLICATE_NAME',
  'INVALID_ROLE',
  'INVALID_PERMISSION',
  // impersonation
  'MISSING_USER',
  'IMPERSONATION_NOT_ALLOWED',
  'NOT_IMPERSONATING',
  'INVALID_COLOUR',
] as const;

export type TErrorCode = (typeof ERROR_CODES)[number];

export interface TFieldError {
  property: string;
  error: string;
}

/** The spec's error body: field errors with `hasErrors`, or a message. */
export interface TErrorBody {
  hasErrors?: boolean;
  errors?: TFieldError[];
  message: string;
  code: string;
  correlationId?: string;
  /** With DELETE_FAILED: what still holds the record. */
  blocked?: TDeleteBlocked;
}

/**
 * Why a delete was refused (DELETE_FAILED). The server also sends an English
 * message for API clients; the web shows the catalog text `errors.deleteBlocked.<REASON>`
 * in the user's language, with the record's name and how many things still use it.
 */
export const DELETE_BLOCKERS = [
  'OWN_ACCOUNT',
  'ROLE_HELD_BY_USERS',
  'ENTITY_HAS_CHILDREN',
  'ENTITY_HAS_USERS',
  'ENTITY_IN_ACCESS_LISTS',
  'PROFILE_USED_BY_ENTITIES',
  'PROFILE_USED_BY_APPLICATIONS',
] as const;

export type TDeleteBlocker = (typeof DELETE_BLOCKERS)[number];

export interface TDeleteBlocked {
  reason: TDeleteBlocker;
  name?: string;
  count?: number;
}
