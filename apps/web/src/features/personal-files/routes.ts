import type { TAppRoute } from '../../app/routes';

/** Spec 001 §2: /personal/files/{fileUniversalSearch} opens the files already searched for. */
export const PERSONAL_FILE_ROUTES: TAppRoute[] = [
  {
    path: '/personal/files',
    titleKey: 'pages.personalFiles',
    access: 'signedIn',
    layout: 'console',
    load: () => import('./PersonalFilesPage'),
  },
  {
    path: '/personal/files/:fileUniversalSearch',
    titleKey: 'pages.personalFiles',
    access: 'signedIn',
    layout: 'console',
    load: () => import('./PersonalFilesPage'),
  },
];
