import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TDatabase } from '../src/db/database.ts';
import { mobilitySystemGroups, mobilitySystems } from '../src/db/schema/index.ts';
import { createEntity } from './factories.ts';

const unique = () => randomBytes(4).toString('hex');

/** A group of its own entity unless given; a sub-group belongs to its parent's entity. */
export async function createMobilityGroup(
  db: TDatabase,
  values: Partial<typeof mobilitySystemGroups.$inferInsert> = {},
) {
  const entityId = values.entityId ?? (await parentEntityId(db, values.parentId)) ?? (await createEntity(db)).id;
  const [group] = await db
    .insert(mobilitySystemGroups)
    .values({ name: `Rede ${unique()}`, ...values, entityId })
    .returning();
  return group;
}

async function parentEntityId(db: TDatabase, parentId: number | null | undefined) {
  if (!parentId) return null;
  const [parent] = await db
    .select({ entityId: mobilitySystemGroups.entityId })
    .from(mobilitySystemGroups)
    .where(eq(mobilitySystemGroups.id, parentId));
  return parent?.entityId ?? null;
}

/** A stop at Trindade (Porto) in its own group unless given. */
export async function createMobilitySystem(db: TDatabase, values: Partial<typeof mobilitySystems.$inferInsert> = {}) {
  const groupId = values.groupId ?? (await createMobilityGroup(db)).id;
  const [longitude, latitude] = [-8.6094, 41.1522];
  const [system] = await db
    .insert(mobilitySystems)
    .values({
      name: `Paragem ${unique()}`,
      systemType: 'STOP',
      geometry: { type: 'Point', coordinates: [longitude, latitude] },
      latitude,
      longitude,
      minLatitude: latitude,
      maxLatitude: latitude,
      minLongitude: longitude,
      maxLongitude: longitude,
      ...values,
      groupId,
    })
    .returning();
  return system;
}
