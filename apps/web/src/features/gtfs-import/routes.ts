import { IconFileImport } from '@tabler/icons-react';
import type { TAppRoute } from '../../app/routes';

export const GTFS_IMPORT_ROUTES: TAppRoute[] = [
  {
    path: '/import-gtfs',
    titleKey: 'pages.importGtfs',
    access: { all: ['IMPORT_GTFS_FILE'] },
    layout: 'console',
    load: () => import('./GtfsImportPage'),
    menu: { group: 'systems', icon: IconFileImport, order: 30 },
  },
];
