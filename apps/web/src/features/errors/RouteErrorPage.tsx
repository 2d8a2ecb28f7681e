import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkLoadError } from '../../app/lazy-page';
import { reportRouteError } from '../fe-debug/report-error';
import { ErrorScreen } from './ErrorScreen';

/**
 * Whatever a screen throws ends here instead of a blank page, and is sent to
 * the debug call (spec 001 §8) so administrators see it under Settings.
 * An unknown address is the visitor's doing, not a fault: it is not sent.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!isNotFound) void reportRouteError(error);
  }, [error, isNotFound]);

  if (isNotFound) {
    return <ErrorScreen code="404" title={t('errorsPage.notFound')} message={t('errorsPage.notFoundHelp')} />;
  }
  if (error instanceof ChunkLoadError) {
    return <ErrorScreen title={t('errorsPage.generic')} message={t('errorsPage.chunkLoad')} />;
  }
  return <ErrorScreen title={t('errorsPage.generic')} message={t('errors.INTERNAL_ERROR')} />;
}
