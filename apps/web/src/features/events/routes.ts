import { IconAlertTriangle } from '@tabler/icons-react';
import type { TAppRoute } from '../../app/routes';

/** The Events console: reading, status, comments and transfers need MANAGE_EVENTS; writing also WRITE_EVENT. */
const read = { all: ['MANAGE_EVENTS'] } as const;
const write = { all: ['MANAGE_EVENTS', 'WRITE_EVENT'] } as const;

export const EVENT_ROUTES: TAppRoute[] = [
  {
    path: '/events',
    titleKey: 'pages.events',
    access: read,
    layout: 'console',
    load: () => import('./EventListPage'),
    menu: { group: 'events', icon: IconAlertTriangle, order: 40 },
  },
  {
    path: '/events/create',
    titleKey: 'pages.eventCreate',
    access: write,
    layout: 'console',
    load: () => import('./EventFormPage'),
  },
  {
    // Also opened in a new tab from an incident card on the map (spec 001 §2).
    path: '/events/:id',
    titleKey: 'pages.event',
    access: read,
    layout: 'console',
    load: () => import('./EventFormPage'),
  },
];
