import { randomBytes } from 'node:crypto';
import type { TEventGeoJson } from '@mip/shared';
import type { TDatabase } from '../src/db/database.ts';
import { eventAffectedSystems, eventCategories, events, ruleTemplates } from '../src/db/schema/index.ts';
import { eventBoundingBoxOf } from '../src/modules/events/event-geometry.ts';

const unique = () => randomBytes(4).toString('hex');

/** A line along Rua de Santa Catarina (Porto), the event's own part. */
export const SANTA_CATARINA: TEventGeoJson = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: {
        type: 'LineString',
        coordinates: [
          [-8.6062, 41.1478],
          [-8.6058, 41.1507],
        ],
      },
      properties: { direction: 'ONE_DIRECTION', showDirections: true },
    },
  ],
};

/** A generic, public, active category unless told otherwise. */
export async function createEventCategory(db: TDatabase, values: Partial<typeof eventCategories.$inferInsert> = {}) {
  const [category] = await db
    .insert(eventCategories)
    .values({ name: `Categoria ${unique()}`, allowPublic: true, ...values })
    .returning();
  return category;
}

/**
 * An event straight in the database (no route, no audit), live and public,
 * started an hour ago, on Rua de Santa Catarina, unless told otherwise.
 */
export async function createEventRow(
  db: TDatabase,
  values: Partial<typeof events.$inferInsert> & {
    categoryId: number;
    entityId: number;
    affectedSystemIds?: number[];
  },
) {
  const { affectedSystemIds = [], ...columns } = values;
  const geojson = (columns.geojson as TEventGeoJson | undefined) ?? SANTA_CATARINA;
  const [event] = await db
    .insert(events)
    .values({
      title: `Ocorrência ${unique()}`,
      fromTimestamp: new Date(Date.now() - 3_600_000),
      ...eventBoundingBoxOf(geojson),
      ...columns,
      geojson,
    })
    .returning();
  if (affectedSystemIds.length > 0) {
    await db
      .insert(eventAffectedSystems)
      .values(affectedSystemIds.map((systemId) => ({ eventId: event.id, systemId })));
  }
  return event;
}

/** A rule template straight in the database: above 35 °C for two readings opens an event in `categoryId`. */
export async function createRuleTemplateRow(db: TDatabase, values: { categoryId: number; entityId: number }) {
  const condition = { operator: 'GT', threshold: 35, holdType: 'READINGS', holdValue: 2 };
  const [rule] = await db
    .insert(ruleTemplates)
    .values({
      name: `Calor ${unique()}`,
      parameterName: 'Temperatura',
      condition,
      clearCondition: { ...condition, operator: 'LTE' },
      priority: 'HIGH',
      title: 'Temperatura alta em {{system}}',
      message: 'Chegou a {{value}}',
      ...values,
    })
    .returning();
  return rule;
}
