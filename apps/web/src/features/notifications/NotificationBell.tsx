import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { useSession } from '../auth/session-store';
import { useUnreadNotificationCount } from './useNotifications';

/** The console header's bell: how many notifications are unread, and the way to them. */
export function NotificationBell() {
  const { t } = useTranslation();
  const session = useSession();
  const appPath = useAppPath();
  const unread = useUnreadNotificationCount(Boolean(session));
  if (!session) return null;
  const count = unread.data?.count ?? 0;
  const label = count > 0 ? t('notifications.bellUnread', { count }) : t('notifications.bell');
  return (
    <Tooltip label={label}>
      <Indicator
        label={count > 99 ? '99+' : count}
        size={18}
        color="red.8"
        disabled={count === 0}
        offset={4}
        data-testid="notification-count"
      >
        <ActionIcon
          component={Link}
          to={appPath('/notifications')}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={label}
        >
          <IconBell size={20} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
