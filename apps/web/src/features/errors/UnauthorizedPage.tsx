import { useTranslation } from 'react-i18next';
import { ErrorScreen } from './ErrorScreen';

export function UnauthorizedContent() {
  const { t } = useTranslation();
  return <ErrorScreen code="403" title={t('errorsPage.unauthorized')} message={t('errorsPage.unauthorizedHelp')} />;
}

export default UnauthorizedContent;
