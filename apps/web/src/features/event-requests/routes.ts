import { IconMessageReport } from '@tabler/icons-react';
import type { TAppRoute } from '../../app/routes';

/** Handling citizen reports is part of the Events console (MANAGE_EVENTS). */
const access = { all: ['MANAGE_EVENTS'] } as const;

export const EVENT_REQUEST_ROUTES: TAppRoute[] = [
  {
    path: '/event-request',
    titleKey: 'pages.eventRequests',
    access,
    layout: 'console',
    load: () => import('./EventRequestListPage'),
    menu: { group: 'events', icon: IconMessageReport, order: 45 },
  },
  {
    path: '/event-request/:id',
    titleKey: 'pages.eventRequest',
    access,
    layout: 'console',
    load: () => import('./EventRequestDetailPage'),
  },
];
