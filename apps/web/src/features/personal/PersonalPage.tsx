import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_LABELS } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { useSession, useSessionState } from '../auth/session-store';
import { ChangePasswordForm } from './ChangePasswordForm';

/** The signed-in user's own page: who they are here, and their password. */
export default function PersonalPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { impersonate } = useSessionState();
  if (!session) return null;
  const rows: [string, React.ReactNode][] = [
    [t('personal.name'), session.name],
    [t('personal.email'), session.user.email],
    [t('personal.entity'), session.entity.name],
    [
      t('personal.role'),
      <Badge key="role" variant="light">
        {session.role.name}
      </Badge>,
    ],
    [t('personal.language'), LANGUAGE_LABELS[session.language]],
    [t('personal.timeZone'), session.timeZone],
    [t('personal.sessionValidity'), formatDateTime(session.session.validity, session.timeZone)],
  ];
  return (
    <Stack gap="lg" maw={900}>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="md">
          {t('personal.profile')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" style={{ margin: 0 }}>
          {rows.map(([label, value]) => (
            <Group
              key={label}
              gap={4}
              wrap="nowrap"
              align="baseline"
              style={{ flexDirection: 'column', alignItems: 'flex-start' }}
            >
              <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
                {label}
              </Text>
              <Text component="dd" m={0}>
                {value}
              </Text>
            </Group>
          ))}
        </SimpleGrid>
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="md">
          {t('password.changeTitle')}
        </Title>
        {impersonate ? <Text c="dimmed">{t('password.notWhileImpersonating')}</Text> : <ChangePasswordForm />}
      </Card>
    </Stack>
  );
}
