import { can } from '@mip/shared';
import { eq } from 'drizzle-orm';
import { mobilitySystems } from '../../db/schema/index.ts';
import type { TDocumentOwnerPolicy } from '../documents/document-owners.ts';
import { areSystemsInScope } from '../mobility-groups/group-scope.ts';

/**
 * A system's photos and files appear on its card on the public map, so they
 * are public (GET /documents/public/{id}). Signed in, they are read, listed
 * for editing, added and removed only by users whose scope covers the
 * system's group's entity (WRITE_MOBILITY_SYSTEM to change them); for anyone
 * else the system is not there.
 */
export const mobilitySystemDocumentOwner: TDocumentOwnerPolicy = {
  exists: async (db, ownerId, auth) =>
    auth
      ? areSystemsInScope(db, auth, [ownerId])
      : (await db.select({ id: mobilitySystems.id }).from(mobilitySystems).where(eq(mobilitySystems.id, ownerId)))
          .length > 0,
  canRead: () => true,
  canWrite: (auth) => can(auth, { all: ['WRITE_MOBILITY_SYSTEM'] }),
  isPublic: true,
};
