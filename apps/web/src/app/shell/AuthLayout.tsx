import { Anchor, Box, Center, Group, Image, Paper, Stack, Title } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { useAppConfiguration } from '../../features/configuration/useAppConfiguration';
import { LanguageSwitch } from './LanguageSwitch';
import { ThemeToggle } from './ThemeToggle';
import { usePageTitle } from './usePageTitle';

/** Sign-in, recovery and set-password screens: one card on a quiet background. */
export function AuthLayout() {
  const config = useAppConfiguration();
  usePageTitle();
  return (
    <Box mih="100vh" bg="var(--mantine-color-body)" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group justify="flex-end" p="sm" gap="xs">
        <LanguageSwitch />
        <ThemeToggle />
      </Group>
      <Center style={{ flex: 1 }} px="md" pb="xl">
        <Stack w="100%" maw={420} gap="lg">
          <Anchor component={Link} to="/" underline="never" c="inherit">
            <Group gap="sm" justify="center" wrap="nowrap">
              <Image src="/api/configuration/public/appicon?type=SVG&size=48" w={48} h={48} alt="" />
              <Title order={1} size="h3">
                {String(config.appTitle ?? '')}
              </Title>
            </Group>
          </Anchor>
          <Paper withBorder shadow="sm" p="xl" radius="md" component="main">
            <Outlet />
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
