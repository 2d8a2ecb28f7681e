import { z } from 'zod';
import { isPermission } from '../permissions.ts';
import { ZFlexBoolean, ZId, ZPageQuery, ZQueryList, ZSearchText } from './common.ts';

/** The spec's role (id, name, permissions), with a description and how many users hold it. */
export const ZRole = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  usersCount: z.number().int(),
});
export type TRole = z.infer<typeof ZRole>;

export const ZRoleSearchQuery = ZPageQuery.extend({
  sortProperty: z.enum(['name', 'usersCount']).optional(),
  universalSearch: ZSearchText,
  ids: ZQueryList(ZId),
  /** Only roles the caller may grant (the entity-profile form's choices). */
  excludeUnavailableForUser: ZFlexBoolean.optional(),
});

/** GET /roles/search-for-user: the roles a user of that entity may be given (spec 000 §7). */
export const ZRolesForUserQuery = ZPageQuery.extend({
  sortProperty: z.enum(['name', 'usersCount']).optional(),
  userEntityId: ZId.optional(),
  /** Leave out roles with permissions the caller does not hold: nobody grants more than they have. */
  excludeUnavailableForUser: ZFlexBoolean.optional(),
  userTypes: ZQueryList(z.string().max(32)),
  ids: ZQueryList(ZId),
  universalSearch: ZSearchText,
});

export const ZRoleInput = z.object({
  name: z
    .string({ error: 'MISSING_NAME' })
    .trim()
    .min(1, { error: 'MISSING_NAME' })
    .max(100, { error: 'INVALID_NAME' }),
  description: z.string().trim().max(500, { error: 'TOO_LONG' }).default(''),
  permissions: z
    .array(z.string().refine(isPermission, { error: 'INVALID_PERMISSION' }), { error: 'INVALID_PERMISSION' })
    .max(100)
    .default([]),
});
export type TRoleInput = z.input<typeof ZRoleInput>;
