import { Button, Center, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoveAppShell } from '../../app/shell/app-shell';

/** The shared frame of the error pages: a big status, a message, and the way home (spec 000 §2). */
export function ErrorScreen({
  code,
  title,
  message,
  action,
}: {
  code?: string;
  title: string;
  message?: ReactNode;
  action?: ReactNode;
}) {
  // An error page may be the first screen the app shows (the configuration or the screen's code failed).
  useRemoveAppShell();
  const { t } = useTranslation();
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={560} ta="center">
        {code && (
          <Text fz={64} fw={800} c="dimmed" lh={1} aria-hidden>
            {code}
          </Text>
        )}
        <Title order={2}>{title}</Title>
        {message && <Text c="dimmed">{message}</Text>}
        {action ?? (
          // A plain link, not client routing: the error may have left the router unusable.
          <Button component="a" href="/" mt="md">
            {t('errorsPage.goHome')}
          </Button>
        )}
      </Stack>
    </Center>
  );
}
