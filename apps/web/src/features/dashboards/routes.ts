import { IconLayoutDashboard } from '@tabler/icons-react';
import type { TAppRoute } from '../../app/routes';

const readers = { any: ['READ_DASHBOARD', 'MANAGE_DASHBOARDS'] } as const;
const managers = { all: ['MANAGE_DASHBOARDS'] } as const;

/** Spec 001 §2: the dashboard list, editor and view; a public dashboard for visitors, always light. */
export const DASHBOARD_ROUTES: TAppRoute[] = [
  {
    path: '/dashboards',
    titleKey: 'pages.dashboards',
    access: readers,
    layout: 'console',
    load: () => import('./DashboardListPage'),
    menu: { group: 'settings', icon: IconLayoutDashboard, order: 145 },
  },
  {
    path: '/dashboard',
    titleKey: 'pages.dashboards',
    access: readers,
    layout: 'console',
    load: () => import('./DashboardListPage'),
  },
  {
    path: '/dashboard/create',
    titleKey: 'pages.dashboardCreate',
    access: managers,
    layout: 'console',
    load: () => import('./edit/DashboardFormPage'),
  },
  {
    path: '/dashboard/:id',
    titleKey: 'pages.dashboard',
    access: readers,
    layout: 'console',
    load: () => import('./view/DashboardPage'),
  },
  {
    path: '/dashboard/:id/edit',
    titleKey: 'pages.dashboardEdit',
    access: managers,
    layout: 'console',
    load: () => import('./edit/DashboardFormPage'),
  },
  {
    path: '/public/dashboards/:id',
    titleKey: 'pages.publicDashboard',
    access: 'public',
    layout: 'bare',
    load: () => import('./view/PublicDashboardPage'),
  },
];
