import { IconApps, IconLayoutGrid } from '@tabler/icons-react';
import type { TAppRoute } from '../../app/routes';

// Spec 000 §6: WRITE_ROLE also gates apps.
const access = { all: ['WRITE_ROLE'] } as const;

export const APPLICATION_ROUTES: TAppRoute[] = [
  {
    path: '/portal',
    titleKey: 'pages.portal',
    access: 'public',
    layout: 'console',
    load: () => import('./PortalPage'),
    menu: { group: null, icon: IconLayoutGrid, order: 80 },
  },
  {
    path: '/apps',
    titleKey: 'pages.applications',
    access,
    layout: 'console',
    load: () => import('./ApplicationListPage'),
    menu: { group: 'settings', icon: IconApps, order: 180 },
  },
  {
    path: '/apps/create',
    titleKey: 'pages.applicationCreate',
    access,
    layout: 'console',
    load: () => import('./ApplicationFormPage'),
  },
  {
    path: '/apps/:id',
    titleKey: 'pages.application',
    access,
    layout: 'console',
    load: () => import('./ApplicationFormPage'),
  },
];
