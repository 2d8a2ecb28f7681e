import { IconChartBar } from '@tabler/icons-react';
import type { TAppRoute } from '../../app/routes';

export const STATISTICS_ROUTES: TAppRoute[] = [
  {
    path: '/statistics',
    titleKey: 'pages.statistics',
    access: { all: ['MANAGE_DASHBOARDS'] },
    layout: 'console',
    load: () => import('./StatisticsPage'),
    menu: { group: 'settings', icon: IconChartBar, order: 150 },
  },
];
