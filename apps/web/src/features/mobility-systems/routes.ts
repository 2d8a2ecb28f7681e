import { IconMapPin } from '@tabler/icons-react';
import type { TAppRoute } from '../../app/routes';

const access = { all: ['WRITE_MOBILITY_SYSTEM'] } as const;

export const MOBILITY_SYSTEM_ROUTES: TAppRoute[] = [
  {
    path: '/mobile-systems',
    titleKey: 'pages.mobilitySystems',
    access,
    layout: 'console',
    load: () => import('./MobilitySystemListPage'),
    menu: { group: 'systems', icon: IconMapPin, order: 20 },
  },
  {
    path: '/mobile-systems/create',
    titleKey: 'pages.mobilitySystemCreate',
    access,
    layout: 'console',
    load: () => import('./MobilitySystemFormPage'),
  },
  {
    path: '/mobile-systems/:id',
    titleKey: 'pages.mobilitySystem',
    access,
    layout: 'console',
    load: () => import('./MobilitySystemFormPage'),
  },
];
