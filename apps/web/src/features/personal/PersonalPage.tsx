import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFolder, IconUserShield } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { DelayedLoader } from '../../components/DelayedLoader';
import { formatDateTime } from '../../lib/dates';
import { useSession, useSessionState } from '../auth/session-store';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileForm } from './ProfileForm';
import { useProfile } from './useProfile';

/** What the user cannot change here: who they are in the platform, and until when they are signed in. */
function AccountFacts() {
  const { t } = useTranslation();
  const session = useSession();
  if (!session) return null;
  const rows: [string, ReactNode][] = [
    [t('personal.email'), session.user.email],
    [t('personal.entity'), session.entity.name],
    [
      t('personal.role'),
      <Badge key="role" variant="light" tt="none">
        {session.role.name}
      </Badge>,
    ],
    [t('personal.sessionValidity'), formatDateTime(session.session.validity, session.timeZone)],
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" style={{ margin: 0 }}>
      {rows.map(([label, value]) => (
        <Stack key={label} gap={2}>
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** /personal (spec 001): the user's own details and preferences, their password, and their files. */
export default function PersonalPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { impersonate } = useSessionState();
  const appPath = useAppPath();
  const profile = useProfile();
  if (!session) return null;
  const isImpersonating = Boolean(impersonate);
  return (
    <Stack gap="lg" maw={900}>
      {isImpersonating && (
        <Alert color="red" variant="light" icon={<IconUserShield size={18} />} title={t('personal.impersonatingTitle')}>
          {t('personal.impersonatingHelp', { name: session.name, original: impersonate?.name ?? '' })}
        </Alert>
      )}
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="md">
          {t('personal.profile')}
        </Title>
        <Stack gap="lg">
          <AccountFacts />
          {isImpersonating ? null : profile.isPending ? (
            <DelayedLoader />
          ) : profile.data ? (
            <ProfileForm profile={profile.data} />
          ) : (
            <Text c="red">{t('personal.form.loadFailed')}</Text>
          )}
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="md">
          {t('password.changeTitle')}
        </Title>
        {isImpersonating ? <Text c="dimmed">{t('password.notWhileImpersonating')}</Text> : <ChangePasswordForm />}
      </Card>
      <Card withBorder padding="lg">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconFolder size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={4}>
            <Anchor component={Link} to={appPath('/personal/files')} fw={600}>
              {t('userMenu.personalFiles')}
            </Anchor>
            <Text size="sm" c="dimmed">
              {t('personal.filesHelp')}
            </Text>
          </Stack>
        </Group>
      </Card>
    </Stack>
  );
}
