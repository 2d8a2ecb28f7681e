import { Button } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { ErrorScreen } from './ErrorScreen';

/**
 * The configuration could not be read, so nothing else can be drawn. An application that needs
 * authentication sends a visitor to sign in (and back); one closed to the user's entity, or gone, says so;
 * anything else offers to retry.
 */
export function ConfigurationErrorPage({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const status = error instanceof ApiError ? error.status : null;
  useEffect(() => {
    if (status !== 401) return;
    const here = `${window.location.pathname}${window.location.search}`;
    // The router is not drawn yet (it needs the configuration): leave through the address bar.
    window.location.replace(`/auth?redirect=${encodeURIComponent(here)}`);
  }, [status]);
  if (status === 401) return null;
  if (status === 403 || status === 404) {
    return (
      <ErrorScreen
        code={String(status)}
        title={t(status === 403 ? 'errorsPage.appClosed' : 'errorsPage.appNotFound')}
        message={t(status === 403 ? 'errorsPage.appClosedHelp' : 'errorsPage.notFoundHelp')}
        action={
          <Button component="a" href="/portal" mt="md">
            {t('errorsPage.goPortal')}
          </Button>
        }
      />
    );
  }
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
