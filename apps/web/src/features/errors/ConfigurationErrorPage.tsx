import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from './ErrorScreen';

/** The configuration could not be read, so nothing else can be drawn: say so and offer to retry. */
export function ConfigurationErrorPage({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <ErrorScreen
      title={t('errorsPage.generic')}
      message={t('errorsPage.unreachable')}
      action={
        <Button mt="md" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
