import { z } from 'zod';
import { ZId, ZPageQuery, ZQueryList, ZSearchText } from './common.ts';

const ZRef = z.object({ id: z.number().int(), name: z.string() });

/** A kind of entity (municipality, operator, police…) and the roles its users may hold. */
export const ZEntityProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  roles: z.array(ZRef),
  entitiesCount: z.number().int(),
});
export type TEntityProfile = z.infer<typeof ZEntityProfile>;

export const ZEntityProfileSearchQuery = ZPageQuery.extend({
  sortProperty: z.enum(['name', 'entitiesCount']).optional(),
  universalSearch: ZSearchText,
  ids: ZQueryList(ZId),
});

export const ZEntityProfileInput = z.object({
  name: z
    .string({ error: 'MISSING_NAME' })
    .trim()
    .min(1, { error: 'MISSING_NAME' })
    .max(100, { error: 'INVALID_NAME' }),
  description: z.string().trim().max(500, { error: 'TOO_LONG' }).default(''),
  roleIds: z.array(z.number().int().positive(), { error: 'INVALID_ROLE' }).max(200).default([]),
});
export type TEntityProfileInput = z.input<typeof ZEntityProfileInput>;
