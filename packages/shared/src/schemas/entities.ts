import { z } from 'zod';
import { isValidNif } from '../nif.ts';
import { missingOr, ZFlexBoolean, ZId, ZPageQuery, ZQueryList, ZSearchText } from './common.ts';

export const ENTITY_SORT_PROPERTIES = ['name', 'vatNumber', 'profileName', 'parentName', 'createdAt'] as const;

const ZRef = z.object({ id: z.number().int(), name: z.string() });

/** The spec's entity search item (id, name, vatNumber) and what the list screen shows beside it. */
export const ZEntitySearchItem = z.object({
  id: z.number().int(),
  name: z.string(),
  vatNumber: z.string().nullable(),
  parent: ZRef.nullable(),
  profile: ZRef.nullable(),
  active: z.boolean(),
  childrenCount: z.number().int(),
});
export type TEntitySearchItem = z.infer<typeof ZEntitySearchItem>;

/** GET /entities/search (spec 000 §7). */
export const ZEntitySearchQuery = ZPageQuery.extend({
  sortProperty: z.enum(ENTITY_SORT_PROPERTIES).optional(),
  includeSiblingsAndParents: ZFlexBoolean.optional(),
  ids: ZQueryList(ZId),
  profileIds: ZQueryList(ZId),
  onlyRootEntities: ZFlexBoolean.optional(),
  universalSearch: ZSearchText,
  /** Direct children of one entity (the sub-entities tab). */
  parentId: ZId.optional(),
  active: ZFlexBoolean.optional(),
});
export type TEntitySearchQuery = z.infer<typeof ZEntitySearchQuery>;

export const ZEntity = z.object({
  id: z.number().int(),
  name: z.string(),
  vatNumber: z.string().nullable(),
  profile: ZRef.nullable(),
  parent: ZRef.nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  districtId: z.string().nullable(),
  countyId: z.string().nullable(),
  parishId: z.string().nullable(),
  active: z.boolean(),
  childrenCount: z.number().int(),
  usersCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TEntity = z.infer<typeof ZEntity>;

const optionalText = (max: number, code: string) =>
  z
    .string({ error: code })
    .trim()
    .max(max, { error: code })
    .nullish()
    .transform((value) => (value ? value : null));

/** Portuguese postal code: 4 digits, a dash, 3 digits. */
export const POSTAL_CODE_PATTERN = /^\d{4}-\d{3}$/;
/** A phone as people write it: digits, spaces, +, parentheses and dashes, 9 to 20 characters. */
export const PHONE_PATTERN = /^\+?[\d\s()-]{9,20}$/;

export const ZEntityInput = z.object({
  name: z
    .string({ error: 'MISSING_NAME' })
    .trim()
    .min(1, { error: 'MISSING_NAME' })
    .max(200, { error: 'INVALID_NAME' }),
  vatNumber: optionalText(20, 'INVALID_VAT_NUMBER').refine((value) => value === null || isValidNif(value), {
    error: 'INVALID_VAT_NUMBER',
  }),
  profileId: z
    .number({ error: missingOr('MISSING_PROFILE', 'INVALID_PROFILE') })
    .int()
    .positive(),
  parentId: z
    .number({ error: 'INVALID_PARENT' })
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  email: optionalText(254, 'INVALID_EMAIL').refine((value) => value === null || z.email().safeParse(value).success, {
    error: 'INVALID_EMAIL',
  }),
  phone: optionalText(20, 'INVALID_PHONE').refine((value) => value === null || PHONE_PATTERN.test(value), {
    error: 'INVALID_PHONE',
  }),
  address: optionalText(300, 'INVALID_ADDRESS'),
  postalCode: optionalText(8, 'INVALID_POSTAL_CODE').refine(
    (value) => value === null || POSTAL_CODE_PATTERN.test(value),
    { error: 'INVALID_POSTAL_CODE' },
  ),
  districtId: optionalText(8, 'INVALID_DISTRICT'),
  countyId: optionalText(8, 'INVALID_COUNTY'),
  parishId: optionalText(8, 'INVALID_PARISH'),
  active: z.boolean({ error: 'INVALID_STATUS' }).default(true),
});
export type TEntityInput = z.input<typeof ZEntityInput>;
