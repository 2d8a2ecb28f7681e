import { Affix, Button } from '@mantine/core';
import { Notifications, useNotifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { CLOSE_ALL_FROM, closeAllNotifications, NOTIFICATION_FADE } from './notify';

/** Where notifications appear, with the spec's 'close all' once four or more are shown. */
export function NotificationsHost() {
  const { t } = useTranslation();
  const { notifications } = useNotifications();
  return (
    <>
      <Notifications position="top-right" transitionDuration={NOTIFICATION_FADE} limit={10} zIndex={1000} />
      {notifications.length >= CLOSE_ALL_FROM && (
        <Affix position={{ top: 8, right: 24 }} zIndex={1001}>
          <Button size="xs" variant="default" onClick={closeAllNotifications}>
            {t('notifications.closeAll')}
          </Button>
        </Affix>
      )}
    </>
  );
}
