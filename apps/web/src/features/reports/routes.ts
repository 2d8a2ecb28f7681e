import { IconFileSpreadsheet, IconTemplate } from '@tabler/icons-react';
import type { TAppRoute } from '../../app/routes';

const generate = { any: ['GENERATE_REPORTS', 'MANAGE_REPORTS'] } as const;
const manage = { all: ['MANAGE_REPORTS'] } as const;

/** Reports (spec 001 §3): generate, schedule, and (MANAGE_REPORTS) write the templates. */
export const REPORT_ROUTES: TAppRoute[] = [
  {
    path: '/reports',
    titleKey: 'pages.reports',
    access: generate,
    layout: 'console',
    load: () => import('./ReportsPage'),
    menu: { group: null, icon: IconFileSpreadsheet, order: 40 },
  },
  {
    path: '/reports/schedules',
    titleKey: 'pages.reportSchedules',
    access: generate,
    layout: 'console',
    load: () => import('./ReportScheduleListPage'),
  },
  {
    path: '/reports/schedules/create',
    titleKey: 'pages.reportScheduleCreate',
    access: generate,
    layout: 'console',
    load: () => import('./ReportScheduleFormPage'),
  },
  {
    path: '/reports/schedules/:id',
    titleKey: 'pages.reportSchedule',
    access: generate,
    layout: 'console',
    load: () => import('./ReportScheduleFormPage'),
  },
  {
    path: '/reports/templates',
    titleKey: 'pages.reportTemplates',
    access: manage,
    layout: 'console',
    load: () => import('./ReportTemplateListPage'),
    menu: { group: 'settings', icon: IconTemplate, order: 145 },
  },
  {
    path: '/reports/templates/create',
    titleKey: 'pages.reportTemplateCreate',
    access: manage,
    layout: 'console',
    load: () => import('./ReportTemplateFormPage'),
  },
  {
    path: '/reports/templates/:id',
    titleKey: 'pages.reportTemplate',
    access: manage,
    layout: 'console',
    load: () => import('./ReportTemplateFormPage'),
  },
];
