import { Alert } from '@mantine/core';
import { ApiError } from '../../api/client';
import { LoadFailure, type TFailedQuery } from '../LoadFailure';

/**
 * A record page whose record did not come: "not found" only when the server
 * said so (404, also what it answers outside the caller's scope); any other
 * failure is the spec's error surface with the server's message and a retry (000 §8).
 */
export function RecordLoadFailure({ query, notFoundText }: { query: TFailedQuery; notFoundText: string }) {
  const isFault = query.error !== null && query.error !== undefined;
  const isNotFound = query.error instanceof ApiError && query.error.status === 404;
  if (isFault && !isNotFound) return <LoadFailure query={query} />;
  return <Alert color="red">{notFoundText}</Alert>;
}
