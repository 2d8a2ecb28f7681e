import {
  AppShell,
  Button,
  Divider,
  Group,
  Image,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { appLogoSource } from '@mip/shared';
import { IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../features/auth/session-store';
import { useAppConfiguration } from '../../features/configuration/useAppConfiguration';
import { HelpButton } from '../../features/help/HelpButton';
import { useAppPath } from '../paths';
import { buildMenu } from '../routes';
import { UserMenu } from './UserMenu';

/** Spec 001 §2: logo, the main items in their groups, the help button and the user dropdown. */
export function SideMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const config = useAppConfiguration();
  const appPath = useAppPath();
  const location = useLocation();
  const sections = buildMenu(session, config);

  return (
    <>
      <AppShell.Section p="md">
        <UnstyledButton component={Link} to={appPath('/')}>
          <Group gap="sm" wrap="nowrap">
            <Image src={appLogoSource(config, 40)} w={36} h={36} fit="contain" alt="" />
            <Text fw={700} size="md" lh={1.2}>
              {String(config.appTitle ?? '')}
            </Text>
          </Group>
        </UnstyledButton>
      </AppShell.Section>
      <Divider />
      <AppShell.Section grow component={ScrollArea} px="xs" py="sm">
        <nav aria-label={t('menu.label')}>
          <Stack gap={2}>
            {sections.map((section) =>
              section.group ? (
                <NavLink
                  key={section.group.id}
                  component="button"
                  label={t(section.group.labelKey)}
                  defaultOpened={section.routes.some((route) => isUnder(location.pathname, appPath(route.path)))}
                  childrenOffset={16}
                >
                  {section.routes.map((route) => (
                    <MenuEntry key={route.path} path={route.path} labelKey={route.titleKey} Icon={route.menu?.icon} />
                  ))}
                </NavLink>
              ) : (
                section.routes.map((route) => (
                  <MenuEntry key={route.path} path={route.path} labelKey={route.titleKey} Icon={route.menu?.icon} />
                ))
              ),
            )}
          </Stack>
        </nav>
      </AppShell.Section>
      <AppShell.Section px="xs" pb="xs">
        <HelpButton />
      </AppShell.Section>
      <Divider />
      <AppShell.Section p="sm">
        {session ? (
          <UserMenu />
        ) : (
          <Button
            component={Link}
            to={`/auth?redirect=${encodeURIComponent(location.pathname)}`}
            leftSection={<IconLogin size={18} />}
            fullWidth
          >
            {t('auth.signIn')}
          </Button>
        )}
      </AppShell.Section>
    </>
  );
}

/** Whether a path is a menu entry's page or one of its records ("/entity/12" is under "/entity"). */
function isUnder(pathname: string, entryPath: string): boolean {
  return pathname === entryPath || pathname.startsWith(`${entryPath}/`) || pathname.startsWith(`${entryPath}?`);
}

function MenuEntry({
  path,
  labelKey,
  Icon,
}: {
  path: string;
  labelKey: string;
  Icon?: React.ComponentType<{ size?: number }>;
}) {
  const { t } = useTranslation();
  const appPath = useAppPath();
  const location = useLocation();
  const to = appPath(path);
  const isActive = path === '/' ? location.pathname === to : isUnder(location.pathname, to);
  return (
    <NavLink
      component={Link}
      to={to}
      label={t(labelKey)}
      leftSection={Icon ? <Icon size={18} /> : undefined}
      active={isActive}
      aria-current={isActive ? 'page' : undefined}
    />
  );
}
