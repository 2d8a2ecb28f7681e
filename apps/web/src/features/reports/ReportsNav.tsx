import { Button, Group } from '@mantine/core';
import { IconCalendarTime, IconFileSpreadsheet, IconTemplate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAppPath } from '../../app/paths';
import { canAccess } from '../../app/routes';
import { useSession } from '../auth/session-store';

const SCREENS = [
  { path: '/reports', labelKey: 'reports.nav.generate', Icon: IconFileSpreadsheet, isManagerOnly: false },
  { path: '/reports/schedules', labelKey: 'reports.nav.schedules', Icon: IconCalendarTime, isManagerOnly: false },
  { path: '/reports/templates', labelKey: 'reports.nav.templates', Icon: IconTemplate, isManagerOnly: true },
] as const;

/** The report screens side by side: generate, schedules, and templates for those who manage them. */
export function ReportsNav() {
  const { t } = useTranslation();
  const session = useSession();
  const appPath = useAppPath();
  const { pathname } = useLocation();
  const canManage = canAccess({ all: ['MANAGE_REPORTS'] }, session);
  const current = [...SCREENS]
    .reverse()
    .find((screen) => pathname === appPath(screen.path) || pathname.startsWith(`${appPath(screen.path)}/`));
  return (
    <Group component="nav" aria-label={t('reports.nav.label')} gap="xs">
      {SCREENS.filter((screen) => canManage || !screen.isManagerOnly).map(({ path, labelKey, Icon }) => {
        const isCurrent = current?.path === path;
        return (
          <Button
            key={path}
            component={Link}
            to={appPath(path)}
            variant={isCurrent ? 'light' : 'subtle'}
            leftSection={<Icon size={16} />}
            aria-current={isCurrent ? 'page' : undefined}
          >
            {t(labelKey)}
          </Button>
        );
      })}
    </Group>
  );
}
