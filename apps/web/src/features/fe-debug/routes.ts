import { IconBug } from '@tabler/icons-react';
import type { TAppRoute } from '../../app/routes';

export const FE_DEBUG_ROUTES: TAppRoute[] = [
  {
    path: '/fe-debug',
    titleKey: 'pages.feDebug',
    // The server's rule for reading them (see fe-debug.routes.ts): the audit log's readers.
    access: { all: ['READ_AUDIT_LOG'] },
    layout: 'console',
    load: () => import('./FeDebugListPage'),
    menu: { group: 'settings', icon: IconBug, order: 125 },
  },
];
