import { type SQL, sql } from 'drizzle-orm';
import { entityInScopeSql, type TScopeSubject } from '../entities/entity-scope.ts';

/**
 * Which reports a member of staff handles: those of categories allocated to
 * an entity in their scope, and those of categories allocated to nobody.
 * Expects the category joined as `c`. Security-relevant: a report outside it
 * answers 404.
 */
export function requestInScopeSql(subject: TScopeSubject, options: { prefix?: 'and' } = {}): SQL {
  const inScope = entityInScopeSql(subject, sql`c.allocated_to_entity_id`);
  if (!inScope) return options.prefix ? sql`` : sql`true`;
  const condition = sql`(c.allocated_to_entity_id is null or ${inScope})`;
  return options.prefix ? sql`and ${condition}` : condition;
}
