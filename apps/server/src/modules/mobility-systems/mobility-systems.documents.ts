import { can } from '@mip/shared';
import { eq } from 'drizzle-orm';
import { mobilitySystems } from '../../db/schema/index.ts';
import type { TDocumentOwnerPolicy } from '../documents/document-owners.ts';

/**
 * A system's photos and files appear on its card on the public map, so they
 * are public; anyone signed in may read them, and only WRITE_MOBILITY_SYSTEM
 * may add or remove them.
 */
export const mobilitySystemDocumentOwner: TDocumentOwnerPolicy = {
  exists: async (db, ownerId) =>
    (await db.select({ id: mobilitySystems.id }).from(mobilitySystems).where(eq(mobilitySystems.id, ownerId))).length >
    0,
  canRead: () => true,
  canWrite: (auth) => can(auth, { all: ['WRITE_MOBILITY_SYSTEM'] }),
  isPublic: true,
};
