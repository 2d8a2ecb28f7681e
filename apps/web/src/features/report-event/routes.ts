import type { TAppRoute } from '../../app/routes';

/** A reporter's private follow-up page: the link came with their report and by email. */
export const REPORT_EVENT_ROUTES: TAppRoute[] = [
  {
    path: '/report/:token',
    titleKey: 'pages.reportFollowUp',
    access: 'public',
    layout: 'console',
    load: () => import('./FollowUpPage'),
  },
];
