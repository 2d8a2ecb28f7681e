import { Avatar, Badge, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBell,
  IconBuilding,
  IconChevronUp,
  IconFolder,
  IconLogout,
  IconUser,
  IconUserOff,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSessionState } from '../../features/auth/session-store';
import { useUnreadNotificationCount } from '../../features/notifications/useNotifications';
import { ImpersonateModal } from '../../features/users/ImpersonateModal';
import { exitImpersonation } from '../../features/users/impersonation';
import { STAFF_HOME_PATH, useAppPath } from '../paths';
import { canAccess, isRouteDeclared } from '../routes';

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/**
 * Spec 001 §2: personal, my entity (READ_OWN_ENTITY), exit impersonation while
 * impersonating, and sign out (hidden while impersonating).
 */
export function UserMenu() {
  const { t } = useTranslation();
  const { session, impersonate } = useSessionState();
  const navigate = useNavigate();
  const appPath = useAppPath();
  const [isImpersonateOpen, impersonateModal] = useDisclosure(false);
  // The same query as the header's bell: one poll feeds both counts.
  const unread = useUnreadNotificationCount(Boolean(session));
  if (!session) return null;
  const unreadCount = unread.data?.count ?? 0;
  const isImpersonating = Boolean(impersonate);
  const canSeeOwnEntity = isRouteDeclared('/myEntity') && canAccess({ all: ['READ_OWN_ENTITY'] }, session);
  const canImpersonate = !isImpersonating && canAccess({ all: ['IMPERSONATE_USER'] }, session);

  return (
    <>
      <ImpersonateModal opened={isImpersonateOpen} onClose={impersonateModal.close} />
      <Menu position="top-start" width={240} withinPortal>
        <Menu.Target>
          <UnstyledButton w="100%" p={6} data-testid="user-menu">
            <Group gap="sm" wrap="nowrap">
              <Avatar color="brand" radius="xl">
                {initials(session.name)}
              </Avatar>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {session.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {session.entity.name}
                </Text>
              </div>
              <IconChevronUp size={16} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={appPath('/personal')} leftSection={<IconUser size={16} />}>
            {t('userMenu.personal')}
          </Menu.Item>
          <Menu.Item component={Link} to={appPath('/personal/files')} leftSection={<IconFolder size={16} />}>
            {t('userMenu.personalFiles')}
          </Menu.Item>
          <Menu.Item
            component={Link}
            to={appPath('/notifications')}
            leftSection={<IconBell size={16} />}
            rightSection={
              unreadCount > 0 ? (
                <Badge size="sm" color="red.8" circle={unreadCount < 10} data-testid="user-menu-unread">
                  {unreadCount > 99 ? '99+' : unreadCount}
                </Badge>
              ) : null
            }
          >
            {t('notifications.bell')}
          </Menu.Item>
          {canSeeOwnEntity && (
            <Menu.Item component={Link} to={appPath('/myEntity')} leftSection={<IconBuilding size={16} />}>
              {t('userMenu.myEntity')}
            </Menu.Item>
          )}
          {canImpersonate && (
            <Menu.Item leftSection={<IconUsersGroup size={16} />} onClick={impersonateModal.open}>
              {t('userMenu.impersonate')}
            </Menu.Item>
          )}
          <Menu.Divider />
          {isImpersonating ? (
            <Menu.Item
              color="red.9"
              leftSection={<IconUserOff size={16} />}
              onClick={() => {
                void exitImpersonation().then(() => navigate(appPath(STAFF_HOME_PATH)));
              }}
            >
              {t('userMenu.exitImpersonation')}
            </Menu.Item>
          ) : (
            <Menu.Item component={Link} to="/logout" leftSection={<IconLogout size={16} />}>
              {t('userMenu.signOut')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
