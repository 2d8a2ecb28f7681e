import { IconIcons } from '@tabler/icons-react';
import type { TAppRoute } from '../../app/routes';

const access = { all: ['MANAGE_SPRITES'] } as const;

export const SPRITE_ROUTES: TAppRoute[] = [
  {
    path: '/sprite',
    titleKey: 'pages.sprites',
    access,
    layout: 'console',
    load: () => import('./SpritePage'),
    menu: { group: 'settings', icon: IconIcons, order: 135 },
  },
  {
    path: '/sprite/:id',
    titleKey: 'pages.sprite',
    access,
    layout: 'console',
    load: () => import('./SpriteFormPage'),
  },
];
