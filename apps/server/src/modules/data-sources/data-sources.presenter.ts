import type { TDataSource, TDataSourceSummary } from '@mip/shared';
import type { dataSources } from '../../db/schema/index.ts';

export type TDataSourceRow = typeof dataSources.$inferSelect;

export function toDataSource(row: TDataSourceRow, widgetCount: number): TDataSource {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    query: row.query,
    parameters: row.parameters,
    queryColumns: row.queryColumns,
    scopedToEntities: row.scopedToEntities,
    timeoutMs: row.timeoutMs,
    widgetCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toDataSourceSummary(row: TDataSourceRow, widgetCount: number): TDataSourceSummary {
  const { id, name, description, queryColumns, parameters, updatedAt } = toDataSource(row, widgetCount);
  return { id, name, description, queryColumns, parameters, updatedAt, widgetCount };
}

/** What the audit log keeps of a source: everything but the timestamps. */
export function toDataSourceRecord(row: TDataSourceRow) {
  const { createdAt: _created, updatedAt: _updated, ...fields } = row;
  return fields;
}
