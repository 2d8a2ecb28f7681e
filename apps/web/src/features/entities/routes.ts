import { IconBuildingCommunity } from '@tabler/icons-react';
import type { TAppRoute } from '../../app/routes';

export const ENTITY_ROUTES: TAppRoute[] = [
  {
    path: '/entity',
    titleKey: 'pages.entities',
    access: { all: ['READ_ENTITY'] },
    layout: 'console',
    load: () => import('./EntityListPage'),
    menu: { group: 'myEntity', icon: IconBuildingCommunity, order: 30 },
  },
  {
    path: '/entity/create',
    titleKey: 'pages.entityCreate',
    access: { all: ['WRITE_ENTITY'] },
    layout: 'console',
    load: () => import('./EntityFormPage'),
  },
  {
    path: '/entity/:id',
    titleKey: 'pages.entity',
    access: { all: ['READ_ENTITY'] },
    layout: 'console',
    load: () => import('./EntityFormPage'),
  },
  {
    // No menu entry: the user dropdown offers it once this route exists.
    path: '/myEntity',
    titleKey: 'pages.myEntity',
    access: { all: ['READ_OWN_ENTITY'] },
    layout: 'console',
    load: () => import('./MyEntityPage'),
  },
];
