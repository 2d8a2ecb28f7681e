import { Alert, Anchor, Box, Container, Group, Image, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAppPath } from '../../../app/paths';
import { LanguageSwitch } from '../../../app/shell/LanguageSwitch';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { useAppConfiguration } from '../../configuration/useAppConfiguration';
import { useDashboard } from '../useDashboards';
import { DashboardHeader } from './DashboardHeader';
import { DashboardView } from './DashboardView';

/** /public/dashboards/{id}: a public dashboard for visitors, on its own page, always in the light theme. */
export default function PublicDashboardPage() {
  const { t } = useTranslation();
  const config = useAppConfiguration();
  const appPath = useAppPath();
  const { id: idParam } = useParams();
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const dashboard = useDashboard(id);
  const appTitle = String(config.appTitle ?? '');
  const name = dashboard.data?.name;

  useEffect(() => {
    document.title = name ? `${name} · ${appTitle}` : appTitle;
  }, [name, appTitle]);

  let content = <DelayedLoader />;
  if (!dashboard.data && (id === null || !dashboard.isPending)) {
    content = (
      <Alert color="red" title={t('common.error')}>
        {t('dashboards.loadFailed')}
      </Alert>
    );
  } else if (dashboard.data) {
    content = (
      <Stack gap="lg">
        <DashboardHeader dashboard={dashboard.data} showBadges={false} headingOrder={1} />
        <DashboardView dashboard={dashboard.data} />
      </Stack>
    );
  }

  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <Box
        component="header"
        bg="var(--mantine-color-body)"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Container fluid py="xs" px="md">
          <Group justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={appPath('/')} underline="never" c="inherit">
              <Group gap="sm" wrap="nowrap">
                <Image src="/api/configuration/public/appicon?type=SVG&size=32" w={32} h={32} alt="" />
                <Text fw={700}>{appTitle}</Text>
              </Group>
            </Anchor>
            <LanguageSwitch />
          </Group>
        </Container>
      </Box>
      <Container fluid component="main" py="lg" px="md">
        {content}
      </Container>
    </Box>
  );
}
