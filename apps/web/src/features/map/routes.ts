import { IconMap } from '@tabler/icons-react';
import type { TAppRoute } from '../../app/routes';

/** The home of the product for visitors and staff: the map (spec 001 §2, also under /app/{id}/). */
export const MAP_ROUTES: TAppRoute[] = [
  {
    path: '/',
    titleKey: 'pages.map',
    access: 'public',
    layout: 'console',
    load: () => {
      // The map home always shows a map: MapLibre (the biggest download of the page) is asked for with the
      // page's own code instead of once the page has its configuration and mounts the map (issue 20: the
      // national map's first full render).
      void import('../../components/map/BaseMap').then(({ loadMapLibrary }) => loadMapLibrary());
      return import('./MapHomePage');
    },
    menu: { group: null, icon: IconMap, order: 0, bottomBar: true },
  },
];
