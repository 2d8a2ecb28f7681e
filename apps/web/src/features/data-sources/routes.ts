import { IconDatabase } from '@tabler/icons-react';
import type { TAppRoute } from '../../app/routes';

const access = { all: ['MANAGE_DATASOURCES'] } as const;

/** Spec 000 §2: data sources sit in the settings group, beside dashboards. */
export const DATA_SOURCE_ROUTES: TAppRoute[] = [
  {
    path: '/data-sources',
    titleKey: 'pages.dataSources',
    access,
    layout: 'console',
    load: () => import('./DataSourceListPage'),
    menu: { group: 'settings', icon: IconDatabase, order: 140 },
  },
  {
    path: '/data-sources/create',
    titleKey: 'pages.dataSourceCreate',
    access,
    layout: 'console',
    load: () => import('./DataSourceFormPage'),
  },
  {
    path: '/data-sources/:id',
    titleKey: 'pages.dataSource',
    access,
    layout: 'console',
    load: () => import('./DataSourceFormPage'),
  },
];
