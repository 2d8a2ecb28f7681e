import { Badge, Button, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { TNotification } from '@mip/shared';
import { IconChecks } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppPath } from '../../app/paths';
import { DelayedLoader } from '../../components/DelayedLoader';
import { notify } from '../../components/notify';
import { showServerError } from '../../components/server-errors';
import { TablePagination } from '../../components/table/TablePagination';
import { formatDateTime } from '../../lib/dates';
import { useSession } from '../auth/session-store';
import {
  markAllNotificationsRead,
  markNotificationRead,
  notificationText,
  useNotificationSearch,
} from './useNotifications';

const NOTIFICATIONS_PAGE_SIZE = 20;

function NotificationCard({ notification, onChange }: { notification: TNotification; onChange: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const appPath = useAppPath();
  const isUnread = notification.readAt === null;
  const { title, message } = notificationText(t, notification);

  const markRead = async () => {
    if (!isUnread) return;
    await markNotificationRead(notification.id);
    onChange();
  };
  const handleOpen = async () => {
    try {
      await markRead();
    } catch (error) {
      showServerError(t, error);
    }
    if (notification.link) navigate(appPath(notification.link));
  };

  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-labelledby={`notification-${notification.id}`}
      style={isUnread ? { borderLeft: '4px solid var(--mantine-primary-color-filled)' } : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ flex: 1, minWidth: 220 }}>
          <Group gap="xs">
            <Text fw={isUnread ? 700 : 500} id={`notification-${notification.id}`}>
              {title}
            </Text>
            {isUnread && (
              <Badge size="sm" variant="light" tt="none">
                {t('notifications.unread')}
              </Badge>
            )}
          </Group>
          <Text size="sm">{message}</Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(notification.createdAt, session?.timeZone)}
          </Text>
        </Stack>
        <Group gap="xs">
          {notification.link && (
            <Button
              size="xs"
              onClick={handleOpen}
              aria-label={t('notifications.openNamed', {
                action: t(`notifications.types.${notification.type}.action`),
                title,
              })}
            >
              {t(`notifications.types.${notification.type}.action`)}
            </Button>
          )}
          {isUnread && (
            <Button
              size="xs"
              variant="default"
              onClick={() => void markRead().catch((error) => showServerError(t, error))}
              aria-label={t('notifications.markReadNamed', { title })}
            >
              {t('notifications.markRead')}
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}

/** /notifications/ (spec 001 §2): what finished for the user, read or not, newest first. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<'all' | 'unread'>('all');
  const [page, setPage] = useState(0);
  const notifications = useNotificationSearch({
    unread: filter === 'unread' ? 'true' : undefined,
    currentPage: page,
    itemsPerPage: NOTIFICATIONS_PAGE_SIZE,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['notifications'] });

  const handleReadAll = async () => {
    try {
      const { count } = await markAllNotificationsRead();
      notify({ kind: 'success', title: t('common.success'), message: t('notifications.allRead', { count }) });
      refresh();
    } catch (error) {
      showServerError(t, error);
    }
  };

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          aria-label={t('notifications.filter')}
          data={[
            { value: 'all', label: t('notifications.all') },
            { value: 'unread', label: t('notifications.onlyUnread') },
          ]}
          value={filter}
          onChange={(value) => {
            setFilter(value as 'all' | 'unread');
            setPage(0);
          }}
        />
        <Button variant="default" leftSection={<IconChecks size={16} />} onClick={handleReadAll}>
          {t('notifications.markAllRead')}
        </Button>
      </Group>
      {notifications.isPending ? (
        <DelayedLoader />
      ) : notifications.data?.content.length === 0 ? (
        <Text c="dimmed">{filter === 'unread' ? t('notifications.noneUnread') : t('notifications.none')}</Text>
      ) : (
        <Stack gap="sm" component="section" aria-label={t('pages.notifications')}>
          {notifications.data?.content.map((notification) => (
            <NotificationCard key={notification.id} notification={notification} onChange={refresh} />
          ))}
        </Stack>
      )}
      {notifications.data && notifications.data.totalPages > 1 && (
        <TablePagination
          page={page}
          totalPages={notifications.data.totalPages}
          totalItems={notifications.data.totalItems}
          onChange={setPage}
        />
      )}
    </Stack>
  );
}
