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
  // mobility groups and systems
  'MISSING_TYPE',
  'INVALID_TYPE',
  'MISSING_LAYER_TYPE',
  'INVALID_LAYER_TYPE',
  'INVALID_ICON',
  'INVALID_STYLES',
  'MISSING_STYLES',
  'INVALID_URL',
  'INVALID_ZOOM',
  'INVALID_ZOOM_RANGE',
  'MISSING_SYSTEM_TYPE',
  'INVALID_SYSTEM_TYPE',
  'MISSING_PARENT_ID',
  'INVALID_PARENT_ID',
  'INVALID_PARENT_SYSTEM',
  'INVALID_DESCRIPTION',
  'MISSING_GEOMETRY',
  'INVALID_GEOMETRY',
  'INVALID_SERVICE_DAYS',
  'INVALID_PROPERTIES',
  'INVALID_RELATED_INFO',
  'INVALID_RELATED_SYSTEM',
  'INVALID_PARAMETER',
  'INVALID_TEMPLATE_ID',
  'INVALID_OPTIONS',
  'INVALID_READER_ID',
  'MISSING_READER_ID',
  // documents (files and photos)
  'MISSING_TITLE',
  'INVALID_TITLE',
  'INVALID_OWNER',
  'INVALID_CATEGORY',
  'MISSING_FILE',
  'INVALID_FILE_TYPE',
  'TOO_MANY_FILES',
  'FILE_TOO_LARGE',
  'DOCUMENT_NOT_FOUND',
  // GTFS import
  'INVALID_GROUP',
  'GTFS_JOB_NOT_CONFIRMABLE',
  'GTFS_JOB_NOT_CANCELLABLE',
  // timetables
  'MISSING_STOP_OR_ROUTE',
  'INVALID_DIRECTION',
  'INVALID_DATE',
  // extra map layers, sprites, traffic, usage statistics
  'MISSING_URL',
  'INVALID_URL_TEMPLATE',
  'INVALID_TILE_SIZE',
  'INVALID_BOUNDING_BOX',
  'INVALID_ATTRIBUTION',
  'INVALID_IMAGE',
  'MISSING_ICON',
  'INVALID_SPRITE_NAME',
  'INVALID_SIZE',
  'TOO_MANY_ICONS',
  'TRAFFIC_FEED_NOT_CONFIGURED',
  'TRAFFIC_POLL_RUNNING',
  'INVALID_TIMESTAMP',
  'INVALID_DATE_RANGE',
  // events, categories and event requests
  'MISSING_CATEGORY',
  'CATEGORY_NOT_ALLOWED',
  'MISSING_DIRECTION',
  'MISSING_SUB_TYPE',
  'INVALID_SUB_TYPE',
  'MISSING_FROM_TIMESTAMP',
  'INVALID_FROM_TIMESTAMP',
  'INVALID_TO_TIMESTAMP',
  'MISSING_PRIORITY',
  'INVALID_PRIORITY',
  'INVALID_AFFECTED_SYSTEMS',
  'MISSING_MESSAGE',
  'INVALID_MESSAGE',
  'INVALID_STATUS_TRANSITION',
  'MISSING_EVENTS',
  'INVALID_EVENTS',
  'MISSING_ENABLED',
  'INVALID_USER',
  'MISSING_PARTICIPANT_NAME',
  'MISSING_PARTICIPANT_EMAIL',
  'MISSING_DESCRIPTION',
  'MISSING_REASON',
  'INVALID_REASON',
  'INVALID_FILE',
  'REQUEST_NOT_PENDING',
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
  'GROUP_HAS_SUBGROUPS',
  'GROUP_HAS_SYSTEMS',
  'GROUP_IN_USE',
  'CATEGORY_HAS_EVENTS',
  'CATEGORY_HAS_REQUESTS',
  'ENTITY_HAS_EVENTS',
  'USER_IS_REPORT_AGENT',
] as const;

export type TDeleteBlocker = (typeof DELETE_BLOCKERS)[number];

export interface TDeleteBlocked {
  reason: TDeleteBlocker;
  name?: string;
  count?: number;
}
