import { useTranslation } from 'react-i18next';
import { ErrorScreen } from './ErrorScreen';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorScreen code="404" title={t('errorsPage.notFound')} message={t('errorsPage.notFoundHelp')} />;
}
