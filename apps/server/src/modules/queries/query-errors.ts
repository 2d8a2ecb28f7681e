import { AppError, fieldErrors } from '../../http/errors.ts';
import { QueryFailedError } from './query-runner.ts';
import { QueryTemplateError } from './sql-template.ts';

/**
 * What a caller refused a query connection is told to wait: about the time a
 * slow query holds its connection before its timeout frees it.
 */
export const QUERY_BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * A failed user-authored query as the API answers it: the spec's code for the
 * screen (PREVIEW_QUERY_ERROR in the data source editor, REPORT_QUERY_ERROR for
 * a widget or report) with the database's own words as the message, so the
 * author can mend the SQL. 400 even for a timeout: retrying the same query
 * would only time out again.
 */
export function toQueryAppError(error: unknown, code: 'PREVIEW_QUERY_ERROR' | 'REPORT_QUERY_ERROR'): unknown {
  if (error instanceof QueryTemplateError) return new AppError(code, { message: error.message });
  if (!(error instanceof QueryFailedError)) return error;
  if (error.kind === 'TIMEOUT') return new AppError('QUERY_TIMEOUT', { message: error.detail });
  if (error.kind === 'UNAVAILABLE') return new AppError('QUERY_UNAVAILABLE', { message: error.detail, status: 503 });
  if (error.kind === 'BUSY') {
    return new AppError('QUERY_BUSY', {
      message: error.detail,
      headers: { 'retry-after': String(QUERY_BUSY_RETRY_AFTER_SECONDS) },
    });
  }
  if (error.kind === 'TOO_LARGE') return new AppError('RESULT_TOO_LARGE', { message: error.detail });
  return new AppError(code, { message: error.detail });
}

/** The same failure on the form's query field (saving a source or a template). */
export function toQueryFieldError(error: unknown, property = 'query'): unknown {
  if (error instanceof QueryTemplateError) {
    return fieldErrors([{ property, error: error.code, detail: error.message }]);
  }
  if (!(error instanceof QueryFailedError) || (error.kind !== 'SQL' && error.kind !== 'TIMEOUT'))
    return toQueryAppError(error, 'PREVIEW_QUERY_ERROR');
  return fieldErrors([
    { property, error: error.kind === 'TIMEOUT' ? 'QUERY_TIMEOUT' : 'PREVIEW_QUERY_ERROR', detail: error.detail },
  ]);
}
