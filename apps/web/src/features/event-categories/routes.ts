import { IconTags } from '@tabler/icons-react';
import type { TAppRoute } from '../../app/routes';

const access = { all: ['MANAGE_EVENT_CATEGORIES'] } as const;

export const EVENT_CATEGORY_ROUTES: TAppRoute[] = [
  {
    path: '/event-category',
    titleKey: 'pages.eventCategories',
    access,
    layout: 'console',
    load: () => import('./EventCategoryListPage'),
    menu: { group: 'settings', icon: IconTags, order: 105 },
  },
  {
    path: '/event-category/create',
    titleKey: 'pages.eventCategoryCreate',
    access,
    layout: 'console',
    load: () => import('./EventCategoryFormPage'),
  },
  {
    path: '/event-category/:id',
    titleKey: 'pages.eventCategory',
    access,
    layout: 'console',
    load: () => import('./EventCategoryFormPage'),
  },
];
