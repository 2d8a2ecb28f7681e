import { IconBolt } from '@tabler/icons-react';
import type { TAppRoute } from '../../app/routes';

const access = { all: ['MANAGE_RULE_TEMPLATES'] } as const;

/** Spec 000 §2 /rule-template, in the Settings group beside the data queues. */
export const RULE_TEMPLATE_ROUTES: TAppRoute[] = [
  {
    path: '/rule-template',
    titleKey: 'pages.ruleTemplates',
    access,
    layout: 'console',
    load: () => import('./RuleTemplateListPage'),
    menu: { group: 'settings', icon: IconBolt, order: 138 },
  },
  {
    path: '/rule-template/create',
    titleKey: 'pages.ruleTemplateCreate',
    access,
    layout: 'console',
    load: () => import('./RuleTemplateFormPage'),
  },
  {
    path: '/rule-template/:id',
    titleKey: 'pages.ruleTemplate',
    access,
    layout: 'console',
    load: () => import('./RuleTemplateFormPage'),
  },
];
