import { IconShieldLock } from '@tabler/icons-react';
import type { TAppRoute } from '../../app/routes';

export const ROLE_ROUTES: TAppRoute[] = [
  {
    path: '/role',
    titleKey: 'pages.roles',
    access: { any: ['READ_ROLE', 'WRITE_ROLE'] },
    layout: 'console',
    load: () => import('./RoleListPage'),
    menu: { group: 'settings', icon: IconShieldLock, order: 170 },
  },
  {
    path: '/role/create',
    titleKey: 'pages.roleCreate',
    access: { all: ['WRITE_ROLE'] },
    layout: 'console',
    load: () => import('./RoleFormPage'),
  },
  {
    path: '/role/:id',
    titleKey: 'pages.role',
    access: { any: ['READ_ROLE', 'WRITE_ROLE'] },
    layout: 'console',
    load: () => import('./RoleFormPage'),
  },
];
