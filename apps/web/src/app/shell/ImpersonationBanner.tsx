import { Alert, Button, Group, Text } from '@mantine/core';
import { IconUserExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionState } from '../../features/auth/session-store';
import { exitImpersonation } from '../../features/users/impersonation';
import { STAFF_HOME_PATH } from '../paths';

/** Spec 000 §2: a red banner while acting as someone else, with the way back. */
export function ImpersonationBanner() {
  const { t } = useTranslation();
  const { session, impersonate } = useSessionState();
  const navigate = useNavigate();
  if (!session || !impersonate) return null;
  return (
    <Alert
      // Shade 9: white text on the default red reads at only 3.3:1.
      color="red.9"
      variant="filled"
      mb="md"
      icon={<IconUserExclamation size={18} />}
      data-testid="impersonation-banner"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('impersonation.banner', { name: session.name, original: impersonate.name })}</Text>
        <Button
          size="xs"
          variant="white"
          color="red.9"
          onClick={() => {
            void exitImpersonation().then(() => navigate(STAFF_HOME_PATH));
          }}
        >
          {t('userMenu.exitImpersonation')}
        </Button>
      </Group>
    </Alert>
  );
}
