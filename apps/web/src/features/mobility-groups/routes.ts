import { IconStack2 } from '@tabler/icons-react';
import type { TAppRoute } from '../../app/routes';

const access = { all: ['WRITE_MOBILITY_GROUP'] } as const;

export const MOBILITY_GROUP_ROUTES: TAppRoute[] = [
  {
    path: '/mobile-system-groups',
    titleKey: 'pages.mobilityGroups',
    access,
    layout: 'console',
    load: () => import('./MobilityGroupListPage'),
    menu: { group: 'systems', icon: IconStack2, order: 10 },
  },
  {
    path: '/mobile-system-groups/create',
    titleKey: 'pages.mobilityGroupCreate',
    access,
    layout: 'console',
    load: () => import('./MobilityGroupFormPage'),
  },
  {
    path: '/mobile-system-groups/:id',
    titleKey: 'pages.mobilityGroup',
    access,
    layout: 'console',
    load: () => import('./MobilityGroupFormPage'),
  },
];
