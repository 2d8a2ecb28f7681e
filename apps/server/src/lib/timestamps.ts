/** A timestamp as the API answers it: an ISO string in UTC (rows may hold a Date or PostgreSQL's text). */
export function toIsoTimestamp(value: Date | string): string {
  return new Date(value).toISOString();
}

export function toIsoTimestampOrNull(value: Date | string | null): string | null {
  return value === null ? null : toIsoTimestamp(value);
}
