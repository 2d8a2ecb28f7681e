import { IconUsers } from '@tabler/icons-react';
import type { TAppRoute } from '../../app/routes';

export const USER_ROUTES: TAppRoute[] = [
  {
    path: '/user',
    titleKey: 'pages.users',
    access: { all: ['READ_USER'] },
    layout: 'console',
    load: () => import('./UserListPage'),
    menu: { group: 'myEntity', icon: IconUsers, order: 20 },
  },
  {
    path: '/user/create',
    titleKey: 'pages.userCreate',
    access: { all: ['WRITE_USER'] },
    layout: 'console',
    load: () => import('./UserFormPage'),
  },
  {
    path: '/user/:id',
    titleKey: 'pages.user',
    access: { all: ['READ_USER'] },
    layout: 'console',
    load: () => import('./UserFormPage'),
  },
];
