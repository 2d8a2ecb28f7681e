import { IconHistory } from '@tabler/icons-react';
import type { TAppRoute } from '../../app/routes';

export const AUDIT_ROUTES: TAppRoute[] = [
  {
    path: '/audit',
    titleKey: 'pages.audit',
    access: { all: ['READ_AUDIT_LOG'] },
    layout: 'console',
    load: () => import('./AuditPage'),
    menu: { group: 'settings', icon: IconHistory, order: 120 },
  },
];
