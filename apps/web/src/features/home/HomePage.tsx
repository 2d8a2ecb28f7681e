import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { USER_MENU_ICON } from '../../app/routes';
import { DelayedLoader } from '../../components/DelayedLoader';
import { LoadFailure } from '../../components/LoadFailure';
import { useSession } from '../auth/session-store';
import { useAppConfiguration } from '../configuration/useAppConfiguration';
import { findHomeShortcuts, shortcutDescriptionKey } from './home-shortcuts';
import { useHomeWork } from './useHomeWork';
import { ImportsCard, OpenEventsCard, ReadyReportsCard, WaitingRequestsCard } from './WorkSections';

/** The user's work: a card for each kind they may handle (the server leaves out the others). */
function WorkOverview() {
  const { t } = useTranslation();
  const work = useHomeWork();
  if (work.isPending) return <DelayedLoader />;
  if (work.isError) return <LoadFailure query={work} />;
  const { eventRequests, events, gtfsImports, reports } = work.data;
  if (!eventRequests && !events && !gtfsImports && !reports) return null;
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('home.workTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {eventRequests && <WaitingRequestsCard section={eventRequests} />}
        {events && <OpenEventsCard section={events} />}
        {gtfsImports && <ImportsCard section={gtfsImports} />}
        {reports && <ReadyReportsCard section={reports} />}
      </SimpleGrid>
    </Stack>
  );
}

/** Staff's starting point: their work first, then the everyday screens (the map is at '/'). */
export default function StaffHome() {
  const { t } = useTranslation();
  const session = useSession();
  const config = useAppConfiguration();
  const appPath = useAppPath();
  if (!session) return null;
  const shortcuts = findHomeShortcuts(session, config);

  return (
    <Stack gap="xl" maw={1100}>
      <div>
        <Title order={2}>{t('home.greeting', { name: session.name.split(' ')[0] })}</Title>
        <Group gap="xs" mt={6}>
          <Text c="dimmed">{session.entity.name}</Text>
          <Badge variant="light">{session.role.name}</Badge>
        </Group>
      </div>
      <WorkOverview />
      <Stack gap="sm" component="section" aria-labelledby="home-shortcuts-title">
        <Title order={2} size="h3" id="home-shortcuts-title">
          {t('home.shortcutsTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {shortcuts.map((route) => {
            // The personal area has no menu entry: it is under the user menu, with that menu's icon.
            const Icon = route.menu?.icon ?? USER_MENU_ICON;
            return (
              <Card key={route.path} withBorder padding="md" component={Link} to={appPath(route.path)}>
                <Group wrap="nowrap" align="flex-start">
                  <ThemeIcon variant="light" size="lg" aria-hidden>
                    <Icon size={20} />
                  </ThemeIcon>
                  <div>
                    <Text fw={600}>{t(route.titleKey)}</Text>
                    <Text size="sm" c="dimmed">
                      {t(shortcutDescriptionKey(route))}
                    </Text>
                  </div>
                </Group>
              </Card>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
