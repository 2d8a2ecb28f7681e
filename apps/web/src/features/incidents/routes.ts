import { can } from '@mip/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TAppRoute } from '../../app/routes';

/**
 * /incidents: the public list of incidents (spec 000 §2). In the menu (and the mobile bottom bar) only
 * for visitors and users without MANAGE_EVENTS — they have the Events console — and only when the
 * configuration allows the EVENT system (spec 000 §6).
 */
export const INCIDENT_ROUTES: TAppRoute[] = [
  {
    path: '/incidents',
    titleKey: 'pages.incidents',
    access: 'public',
    layout: 'console',
    load: () => import('./IncidentListPage'),
    menu: {
      group: null,
      icon: IconAlertTriangle,
      order: 2,
      bottomBar: true,
      isVisible: (config, session) =>
        (config.allowedSystems ?? []).includes('EVENT') && !(session && can(session, { all: ['MANAGE_EVENTS'] })),
    },
  },
];
