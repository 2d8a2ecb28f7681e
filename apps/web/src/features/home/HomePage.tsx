import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { STAFF_HOME_PATH, useAppPath } from '../../app/paths';
import { buildMenu } from '../../app/routes';
import { useSession } from '../auth/session-store';
import { useAppConfiguration } from '../configuration/useAppConfiguration';

/** Staff's starting point: who they are and where they can go (the map is at '/'). */
export default function StaffHome() {
  const { t } = useTranslation();
  const session = useSession();
  const config = useAppConfiguration();
  const appPath = useAppPath();
  if (!session) return null;
  const destinations = buildMenu(session, config)
    .flatMap((section) => section.routes.map((route) => ({ route, group: section.group })))
    .filter(({ route }) => route.path !== STAFF_HOME_PATH);

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={2}>{t('home.greeting', { name: session.name.split(' ')[0] })}</Title>
        <Group gap="xs" mt={6}>
          <Text c="dimmed">{session.entity.name}</Text>
          <Badge variant="light">{session.role.name}</Badge>
        </Group>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {destinations.map(({ route, group }) => {
          const Icon = route.menu?.icon;
          return (
            <Card key={route.path} withBorder padding="lg" component={Link} to={appPath(route.path)}>
              <Group wrap="nowrap" align="flex-start">
                {Icon && (
                  <ThemeIcon variant="light" size="lg">
                    <Icon size={20} />
                  </ThemeIcon>
                )}
                <div>
                  {group && (
                    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                      {t(group.labelKey)}
                    </Text>
                  )}
                  <Text fw={600}>{t(route.titleKey)}</Text>
                  <Text size="sm" c="dimmed">
                    {t(`home.destinations.${route.titleKey.replace('pages.', '')}`, { defaultValue: '' })}
                  </Text>
                </div>
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
