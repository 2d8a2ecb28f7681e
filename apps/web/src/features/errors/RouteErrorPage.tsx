import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkLoadError } from '../../app/lazy-page';
import { ErrorScreen } from './ErrorScreen';

/** Whatever a screen throws ends here instead of a blank page. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorScreen code="404" title={t('errorsPage.notFound')} message={t('errorsPage.notFoundHelp')} />;
  }
  if (error instanceof ChunkLoadError) {
    return <ErrorScreen title={t('errorsPage.generic')} message={t('errorsPage.chunkLoad')} />;
  }
  return <ErrorScreen title={t('errorsPage.generic')} message={t('errors.INTERNAL_ERROR')} />;
}
