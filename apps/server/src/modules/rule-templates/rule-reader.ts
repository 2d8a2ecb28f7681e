import { type SQL, sql } from 'drizzle-orm';

/**
 * SQL subquery: the reader a rule watches on a system — the one bound to the
 * system's IOT parameter of the rule's name (case aside), the first by
 * position when several share it; null when there is none.
 */
export function ruleReaderIdSql(systemId: SQL, parameterName: SQL | string): SQL {
  return sql`(select p.reader_id from mobility_system_parameters p
               where p.system_id = ${systemId} and p.type = 'IOT' and p.reader_id is not null
                 and lower(p.name) = lower(${parameterName})
               order by p.position, p.id limit 1)`;
}
