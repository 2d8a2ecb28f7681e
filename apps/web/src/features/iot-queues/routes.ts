import { IconAntennaBars5 } from '@tabler/icons-react';
import type { TAppRoute } from '../../app/routes';

const access = { all: ['MANAGE_MESSAGE_QUEUES'] } as const;

export const IOT_QUEUE_ROUTES: TAppRoute[] = [
  {
    path: '/iot-queue',
    titleKey: 'pages.iotQueues',
    access,
    layout: 'console',
    load: () => import('./QueueListPage'),
    menu: { group: 'settings', icon: IconAntennaBars5, order: 145 },
  },
  {
    path: '/iot-queue/create',
    titleKey: 'pages.iotQueueCreate',
    access,
    layout: 'console',
    load: () => import('./QueueFormPage'),
  },
  {
    path: '/iot-queue/:id',
    titleKey: 'pages.iotQueue',
    access,
    layout: 'console',
    load: () => import('./QueueFormPage'),
  },
];
