import type { TFunction } from 'i18next';
import { ApiError } from '../api/client';

/** What went wrong, as the spec sorts it (000 §8): no connection, not found, not allowed, or anything else. */
export type TFailureKind = 'offline' | 'notFound' | 'forbidden' | 'failed';

export interface TFailure {
  kind: TFailureKind;
  title: string;
  message: string;
  /** The server's own words and the reference it logged the error under, when it sent them. */
  details: string[];
}

/**
 * The texts of a failed call, in the user's language (spec 000 §8): a network
 * failure (status -1) is "no connection"; 404 alone is "not found"; anything
 * else is 'Something Went Wrong!' with the server's message, so a fault is
 * never passed off as a missing record or an empty list.
 */
export function describeFailure(t: TFunction, error: unknown): TFailure {
  if (!(error instanceof ApiError)) {
    return { kind: 'failed', title: t('errorsPage.generic'), message: t('errors.INTERNAL_ERROR'), details: [] };
  }
  if (error.status === -1) {
    return { kind: 'offline', title: t('errorsPage.offline'), message: t('errorsPage.unreachable'), details: [] };
  }
  const details: string[] = [];
  if (error.serverMessage) details.push(t('errorsPage.serverMessage', { message: error.serverMessage }));
  if (error.correlationId) details.push(t('errorsPage.reference', { id: error.correlationId }));
  if (error.status === 404) {
    return { kind: 'notFound', title: t('errorsPage.notFound'), message: t('errorsPage.notFoundHelp'), details };
  }
  if (error.status === 403) {
    return {
      kind: 'forbidden',
      title: t('errorsPage.unauthorized'),
      message: t('errorsPage.unauthorizedHelp'),
      details,
    };
  }
  // An unknown code is no field's "invalid value": it is an unexpected error.
  const message = t([`errors.${error.code}`, 'errors.INTERNAL_ERROR']);
  return { kind: 'failed', title: t('errorsPage.generic'), message, details };
}

/**
 * The same failure said in the message area, for an action (a save) rather than
 * a page: what the code means in the user's words, then the server's own.
 */
export function describeActionFailure(t: TFunction, error: unknown): { title: string; message: string } {
  const failure = describeFailure(t, error);
  if (failure.kind === 'offline') return { title: failure.title, message: failure.message };
  // "Page not found!" titles a page; an action that met a missing record says what the code means.
  const meaning =
    failure.kind === 'failed' || !(error instanceof ApiError) ? failure.message : t(`errors.${error.code}`);
  return { title: t('errorsPage.generic'), message: [meaning, ...failure.details].join('\n') };
}
