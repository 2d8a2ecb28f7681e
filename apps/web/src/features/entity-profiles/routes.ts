import { IconCategory } from '@tabler/icons-react';
import type { TAppRoute } from '../../app/routes';

export const ENTITY_PROFILE_ROUTES: TAppRoute[] = [
  {
    path: '/entity-profile',
    titleKey: 'pages.entityProfiles',
    access: { all: ['WRITE_ENTITY_PROFILE'] },
    layout: 'console',
    load: () => import('./EntityProfileListPage'),
    menu: { group: 'settings', icon: IconCategory, order: 190 },
  },
  {
    path: '/entity-profile/create',
    titleKey: 'pages.entityProfileCreate',
    access: { all: ['WRITE_ENTITY_PROFILE'] },
    layout: 'console',
    load: () => import('./EntityProfileFormPage'),
  },
  {
    path: '/entity-profile/:id',
    titleKey: 'pages.entityProfile',
    access: { all: ['WRITE_ENTITY_PROFILE'] },
    layout: 'console',
    load: () => import('./EntityProfileFormPage'),
  },
];
