import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconHome2, IconMenu2, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../features/auth/session-store';
import { useAppConfiguration } from '../../features/configuration/useAppConfiguration';
import { useAppPath } from '../paths';
import { canAccess, isRouteDeclared } from '../routes';

const itemStyle = {
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 2,
  padding: 6,
} as const;

/**
 * Spec 000 §2: below 992 px, home, incidents and a button for the rest of the menu.
 * Incidents follows the menu rule: only without MANAGE_EVENTS and with the EVENT system allowed.
 */
export function BottomBar({ isMenuOpen, onToggleMenu }: { isMenuOpen: boolean; onToggleMenu: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const config = useAppConfiguration();
  const appPath = useAppPath();
  const location = useLocation();
  const showIncidents =
    isRouteDeclared('/incidents') &&
    (config.allowedSystems ?? []).includes('EVENT') &&
    !canAccess({ all: ['MANAGE_EVENTS'] }, session);

  const link = (path: string, label: string, Icon: typeof IconHome2) => {
    const to = appPath(path);
    const isActive = location.pathname === to;
    return (
      <UnstyledButton
        component={Link}
        to={to}
        style={itemStyle}
        aria-current={isActive ? 'page' : undefined}
        c={isActive ? 'brand' : undefined}
      >
        <Icon size={22} />
        <Text size="xs">{label}</Text>
      </UnstyledButton>
    );
  };

  return (
    <nav aria-label={t('menu.bottomBar')} style={{ height: '100%' }}>
      <Group h="100%" gap={0} wrap="nowrap" align="stretch">
        {link('/', t('pages.home'), IconHome2)}
        {showIncidents && link('/incidents', t('pages.incidents'), IconAlertTriangle)}
        <UnstyledButton
          onClick={onToggleMenu}
          style={itemStyle}
          aria-expanded={isMenuOpen}
          data-testid="bottom-bar-more"
        >
          {isMenuOpen ? <IconX size={22} /> : <IconMenu2 size={22} />}
          <Text size="xs">{t('menu.more')}</Text>
        </UnstyledButton>
      </Group>
    </nav>
  );
}
