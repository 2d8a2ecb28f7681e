import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorScreen } from './ErrorScreen';

/** 'Something Went Wrong!' with the server's message when there is one (spec 000 §8). */
export default function GenericErrorPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  return <ErrorScreen title={t('errorsPage.generic')} message={search.get('message') ?? t('errors.INTERNAL_ERROR')} />;
}
