import type { TFunction } from 'i18next';
import { ApiError } from '../../../api/client';
import { errorText } from '../../../components/server-errors';

const PARAMETERS_PREFIX = 'parameters.';

/** The server's codes for the viewer's values it refused, by variable name. */
export function refusedValues(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.hasErrors) return {};
  return Object.fromEntries(
    error.errors
      .filter((fieldError) => fieldError.property.startsWith(PARAMETERS_PREFIX))
      .map((fieldError) => [fieldError.property.slice(PARAMETERS_PREFIX.length), fieldError.error]),
  );
}

/**
 * The line under the spec's "could not load this widget" that says what the
 * viewer can do: check the filters, ask for less data, or — when the server
 * is busy (503 QUERY_BUSY, 429) — wait the seconds it asked for and try
 * again, which is then offered. The editor's preview (`isAuthor`) also says
 * what the author can fix: a setting the server refused, or the query's
 * own error as the server worded it.
 */
export function widgetErrorHint(t: TFunction, error: unknown, isAuthor = false): { hint?: string; canRetry: boolean } {
  if (!(error instanceof ApiError)) return { canRetry: false };
  if (Object.keys(refusedValues(error)).length > 0) return { hint: t('dashboards.view.checkFilters'), canRetry: false };
  if (isAuthor && error.hasErrors && error.errors[0]) {
    return { hint: errorText(t, error.errors[0].error, 'dashboards'), canRetry: false };
  }
  if (error.code === 'RESULT_TOO_LARGE') return { hint: errorText(t, error.code), canRetry: false };
  if (error.retryAfterSeconds !== undefined) {
    return { hint: t('dashboards.view.retryIn', { count: Math.max(1, error.retryAfterSeconds) }), canRetry: true };
  }
  if (error.status === 503) return { hint: errorText(t, error.code), canRetry: true };
  if (isAuthor) return { hint: error.serverMessage ?? errorText(t, error.code), canRetry: false };
  return { canRetry: false };
}
