import { Affix, Button } from '@mantine/core';
import { Notifications, useNotifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOSE_ALL_FROM, closeAllNotifications, NOTIFICATION_FADE } from './notify';
import './message-area.css';

/** Spec 001 §2: the main layout ends in a bottom message area. */
const POSITION = 'bottom-center';
const GAP_PX = 8;

/**
 * Publishes how much of the viewport's bottom the messages take, as
 * `--message-area-height`: dialogs end above it (message-area.css) and the
 * page can scroll its last lines out from under it.
 */
function useMessageAreaHeight() {
  useEffect(() => {
    const area = document.querySelector<HTMLElement>(`.mantine-Notifications-root[data-position="${POSITION}"]`);
    if (!area) return;
    const root = document.documentElement.style;
    const publish = () => {
      const height = area.offsetHeight > 0 ? window.innerHeight - area.getBoundingClientRect().top + GAP_PX : 0;
      root.setProperty('--message-area-height', `${Math.max(0, Math.ceil(height))}px`);
    };
    const observer = new ResizeObserver(publish);
    observer.observe(area);
    window.addEventListener('resize', publish);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', publish);
      root.removeProperty('--message-area-height');
    };
  }, []);
}

/** Where notifications appear, with the spec's 'close all' once four or more are shown. */
export function NotificationsHost() {
  const { t } = useTranslation();
  const { notifications } = useNotifications();
  useMessageAreaHeight();
  return (
    <>
      <Notifications position={POSITION} transitionDuration={NOTIFICATION_FADE} limit={10} zIndex={1000} />
      {notifications.length >= CLOSE_ALL_FROM && (
        <Affix
          position={{ bottom: `calc(var(--message-area-height, 0px) + ${GAP_PX}px)`, left: '50%' }}
          style={{ transform: 'translateX(-50%)' }}
          zIndex={1001}
        >
          <Button size="xs" variant="default" onClick={closeAllNotifications}>
            {t('notifications.closeAll')}
          </Button>
        </Affix>
      )}
    </>
  );
}
