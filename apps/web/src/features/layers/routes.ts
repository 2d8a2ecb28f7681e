import { IconMap2 } from '@tabler/icons-react';
import type { TAppRoute } from '../../app/routes';

const access = { all: ['MANAGE_LAYERS'] } as const;

export const LAYER_ROUTES: TAppRoute[] = [
  {
    path: '/layers',
    titleKey: 'pages.layers',
    access,
    layout: 'console',
    load: () => import('./LayerListPage'),
    menu: { group: 'settings', icon: IconMap2, order: 130 },
  },
  {
    path: '/layers/create',
    titleKey: 'pages.layerCreate',
    access,
    layout: 'console',
    load: () => import('./LayerFormPage'),
  },
  {
    path: '/layers/:id',
    titleKey: 'pages.layer',
    access,
    layout: 'console',
    load: () => import('./LayerFormPage'),
  },
];
