import type { TAppRoute } from '../../app/routes';

export const NOTIFICATION_ROUTES: TAppRoute[] = [
  {
    path: '/notifications',
    titleKey: 'pages.notifications',
    access: 'signedIn',
    layout: 'console',
    load: () => import('./NotificationsPage'),
  },
];
