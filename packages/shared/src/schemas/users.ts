import { z } from 'zod';
import { ZEmail } from './auth.ts';
import { isValidTimeZone, LANGUAGES, missingOr, ZFlexBoolean, ZId, ZPageQuery, ZSearchText } from './common.ts';

export const USER_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type TUserStatus = (typeof USER_STATUSES)[number];
export const USER_SORT_PROPERTIES = [
  'name',
  'email',
  'entityName',
  'roleName',
  'status',
  'lastLoginTimestamp',
] as const;

/** The spec's user list item (000 §3), with the entity's and role's names for the table. */
export const ZUserListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  entityId: z.number().int(),
  entityName: z.string(),
  roleId: z.number().int(),
  roleName: z.string(),
  status: z.enum(USER_STATUSES),
  lastLoginTimestamp: z.string().nullable(),
  ballotNumber: z.string().nullable(),
  type: z.string(),
});
export type TUserListItem = z.infer<typeof ZUserListItem>;

/** GET or POST /users/search (spec 000 §7). status and type also take 'ANY'. */
export const ZUserSearchQuery = ZPageQuery.extend({
  sortProperty: z.enum(USER_SORT_PROPERTIES).optional(),
  excludeSelf: ZFlexBoolean.optional(),
  status: z.enum([...USER_STATUSES, 'ANY']).optional(),
  /** Only accounts whose user has set a password (activated); the impersonation modal lists no others. */
  activated: ZFlexBoolean.optional(),
  type: z.string().max(32).optional(),
  entityId: ZId.optional(),
  includeChildrenEntities: ZFlexBoolean.optional(),
  roleId: ZId.optional(),
  universalSearch: ZSearchText,
});
export type TUserSearchQuery = z.infer<typeof ZUserSearchQuery>;

const ZRef = z.object({ id: z.number().int(), name: z.string() });

export const ZUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  type: z.string(),
  status: z.enum(USER_STATUSES),
  entity: ZRef,
  role: ZRef,
  language: z.enum(LANGUAGES),
  timeZone: z.string(),
  receiveNotifications: z.boolean(),
  entitiesAccessList: z.array(z.number().int()),
  ballotNumber: z.string().nullable(),
  lastLoginTimestamp: z.string().nullable(),
  /** Whether the user has chosen a password yet (an activation email is pending otherwise). */
  isActivated: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

/** Spec 000 §5: every field with its own missing / invalid code. */
export const ZUserInput = z.object({
  name: z
    .string({ error: 'MISSING_NAME' })
    .trim()
    .min(1, { error: 'MISSING_NAME' })
    .max(150, { error: 'INVALID_NAME' })
    // A full name: one letter is an initial, not a name staff can tell people apart by.
    .refine((name) => /\p{L}/u.test(name) && name.replace(/\s/g, '').length >= 2, { error: 'INVALID_NAME' }),
  email: ZEmail,
  entityId: z.number({ error: 'MISSING_ENTITY' }).int().positive({ error: 'MISSING_ENTITY' }),
  roleId: z.number({ error: 'MISSING_ROLE' }).int().positive({ error: 'MISSING_ROLE' }),
  language: z.enum(LANGUAGES, { error: missingOr('MISSING_LANGUAGE', 'INVALID_LANGUAGE') }),
  timeZone: z
    .string({ error: 'MISSING_TIMEZONE' })
    .min(1, { error: 'MISSING_TIMEZONE' })
    .max(64, { error: 'INVALID_TIMEZONE' })
    .refine(isValidTimeZone, { error: 'INVALID_TIMEZONE' }),
  receiveNotifications: z.boolean({ error: 'MISSING_RECEIVE_NOTIFICATIONS' }),
  status: z.enum(USER_STATUSES, { error: missingOr('MISSING_STATUS', 'INVALID_STATUS') }),
  /**
   * Entities the user is limited to (with their sub-entities); [] means no limit.
   * Left out: a new user is limited to their own entity, an edited one keeps theirs.
   */
  entitiesAccessList: z.array(z.number().int().positive(), { error: 'INVALID_ENTITY' }).max(500).optional(),
  ballotNumber: z
    .string()
    .trim()
    .max(30)
    .nullish()
    .transform((v) => v || null),
});
export type TUserInput = z.input<typeof ZUserInput>;

export const ZImpersonateInput = z.object({ userId: z.number({ error: 'MISSING_USER' }).int().positive() });
