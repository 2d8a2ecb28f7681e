import { IconMap } from '@tabler/icons-react';
import type { TAppRoute } from '../../app/routes';

/** The home of the product for visitors and staff: the map (spec 001 §2, also under /app/{id}/). */
export const MAP_ROUTES: TAppRoute[] = [
  {
    path: '/',
    titleKey: 'pages.map',
    access: 'public',
    layout: 'console',
    load: () => import('./MapHomePage'),
    menu: { group: null, icon: IconMap, order: 0, bottomBar: true },
  },
];
