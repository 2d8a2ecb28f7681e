import { randomBytes } from 'node:crypto';
import type { TDatabase } from '../src/db/database.ts';
import { mobilitySystemGroups, mobilitySystems } from '../src/db/schema/index.ts';

const unique = () => randomBytes(4).toString('hex');

export async function createMobilityGroup(
  db: TDatabase,
  values: Partial<typeof mobilitySystemGroups.$inferInsert> = {},
) {
  const [group] = await db
    .insert(mobilitySystemGroups)
    .values({ name: `Rede ${unique()}`, ...values })
    .returning();
  return group;
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
