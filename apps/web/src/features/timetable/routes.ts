import type { TAppRoute } from '../../app/routes';

export const TIMETABLE_ROUTES: TAppRoute[] = [
  {
    path: '/timetable/:systemId',
    titleKey: 'pages.timetable',
    access: 'public',
    layout: 'console',
    load: () => import('./TimetablePage'),
  },
];
