import type { TAppConfiguration, TAuthSession, TPermissionRule } from '@mip/shared';
import { can } from '@mip/shared';
import { type Icon, IconAdjustments, IconHome2, IconInfoCircle, IconUserCircle } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { APPLICATION_ROUTES } from '../features/applications/routes';
import { AUDIT_ROUTES } from '../features/audit/routes';
import { DASHBOARD_ROUTES } from '../features/dashboards/routes';
import { DATA_SOURCE_ROUTES } from '../features/data-sources/routes';
import { ENTITY_ROUTES } from '../features/entities/routes';
import { ENTITY_PROFILE_ROUTES } from '../features/entity-profiles/routes';
import { EVENT_CATEGORY_ROUTES } from '../features/event-categories/routes';
import { EVENT_REQUEST_ROUTES } from '../features/event-requests/routes';
import { EVENT_ROUTES } from '../features/events/routes';
import { FE_DEBUG_ROUTES } from '../features/fe-debug/routes';
import { GTFS_IMPORT_ROUTES } from '../features/gtfs-import/routes';
import { INCIDENT_ROUTES } from '../features/incidents/routes';
import { IOT_QUEUE_ROUTES } from '../features/iot-queues/routes';
import { LAYER_ROUTES } from '../features/layers/routes';
import { MAP_ROUTES } from '../features/map/routes';
import { MOBILITY_GROUP_ROUTES } from '../features/mobility-groups/routes';
import { MOBILITY_SYSTEM_ROUTES } from '../features/mobility-systems/routes';
import { NOTIFICATION_ROUTES } from '../features/notifications/routes';
import { PERSONAL_FILE_ROUTES } from '../features/personal-files/routes';
import { REPORT_EVENT_ROUTES } from '../features/report-event/routes';
import { REPORT_ROUTES } from '../features/reports/routes';
import { ROLE_ROUTES } from '../features/roles/routes';
import { RULE_TEMPLATE_ROUTES } from '../features/rule-templates/routes';
import { SPRITE_ROUTES } from '../features/sprites/routes';
import { STATISTICS_ROUTES } from '../features/statistics/routes';
import { TIMETABLE_ROUTES } from '../features/timetable/routes';
import { USER_ROUTES } from '../features/users/routes';
import { STAFF_HOME_PATH } from './paths';

export type TAccess = 'public' | 'signedIn' | 'signedOut' | TPermissionRule;
export type TMenuGroup = 'systems' | 'events' | 'myEntity' | 'settings';

/** One screen: where it lives, who may open it, and whether it has a menu entry. */
export interface TAppRoute {
  path: string;
  titleKey: string;
  access: TAccess;
  layout: 'console' | 'auth' | 'bare';
  load: () => Promise<{ default: ComponentType }>;
  menu?: {
    group: TMenuGroup | null;
    icon: Icon;
    order: number;
    /** Also on the mobile bottom bar. */
    bottomBar?: boolean;
    /** A further condition on the configuration or session (spec 000 §6 menu rules). */
    isVisible?: (config: TAppConfiguration, session: TAuthSession | null) => boolean;
  };
}

/** Spec 000 §6: a group shows only with at least one allowed child; Events also needs MANAGE_EVENTS. */
export const MENU_GROUPS: { id: TMenuGroup; labelKey: string; rule?: TPermissionRule }[] = [
  { id: 'systems', labelKey: 'menu.groups.systems' },
  { id: 'events', labelKey: 'menu.groups.events', rule: { all: ['MANAGE_EVENTS'] } },
  { id: 'myEntity', labelKey: 'menu.groups.myEntity' },
  { id: 'settings', labelKey: 'menu.groups.settings' },
];

/**
 * The one declaration of the product's screens. The router, the side menu, the
 * bottom bar and the page titles are all built from it, so a menu entry exists
 * exactly when its screen does.
 */
const CORE_ROUTES: TAppRoute[] = [
  {
    // Staff's starting point after signing in; the map is everyone's home at '/'.
    path: STAFF_HOME_PATH,
    titleKey: 'pages.home',
    access: 'signedIn',
    layout: 'console',
    load: () => import('../features/home/HomePage'),
    menu: { group: null, icon: IconHome2, order: 1, bottomBar: true },
  },
  {
    path: '/auth',
    titleKey: 'pages.signIn',
    access: 'signedOut',
    layout: 'auth',
    load: () => import('../features/auth/SignInPage'),
  },
  {
    path: '/auth/recovery',
    titleKey: 'pages.recovery',
    access: 'public',
    layout: 'auth',
    load: () => import('../features/auth/RecoveryPage'),
  },
  {
    path: '/auth/reset/:id/:token',
    titleKey: 'pages.resetPassword',
    access: 'public',
    layout: 'auth',
    load: () => import('../features/auth/ResetPasswordPage'),
  },
  {
    path: '/auth/activate/:id/:token',
    titleKey: 'pages.activateAccount',
    access: 'public',
    layout: 'auth',
    load: () => import('../features/auth/ActivateAccountPage'),
  },
  {
    path: '/personal',
    titleKey: 'pages.personal',
    access: 'signedIn',
    layout: 'console',
    load: () => import('../features/personal/PersonalPage'),
  },
  {
    path: '/about',
    titleKey: 'pages.about',
    access: 'public',
    layout: 'console',
    load: () => import('../features/about/AboutPage'),
    menu: { group: null, icon: IconInfoCircle, order: 90 },
  },
  {
    path: '/configuration',
    titleKey: 'pages.configuration',
    access: { all: ['WRITE_CONFIGURATION'] },
    layout: 'console',
    load: () => import('../features/configuration/ConfigurationPage'),
    menu: { group: 'settings', icon: IconAdjustments, order: 100 },
  },
  {
    path: '/logout',
    titleKey: 'pages.logout',
    access: 'public',
    layout: 'bare',
    load: () => import('../features/auth/LogoutPage'),
  },
  {
    path: '/unauthorized',
    titleKey: 'pages.unauthorized',
    access: 'public',
    layout: 'console',
    load: () => import('../features/errors/UnauthorizedPage'),
  },
  {
    path: '/error',
    titleKey: 'pages.error',
    access: 'public',
    layout: 'console',
    load: () => import('../features/errors/GenericErrorPage'),
  },
];

export const APP_ROUTES: TAppRoute[] = [
  ...MAP_ROUTES,
  ...INCIDENT_ROUTES,
  ...CORE_ROUTES,
  ...USER_ROUTES,
  ...ENTITY_ROUTES,
  ...ENTITY_PROFILE_ROUTES,
  ...ROLE_ROUTES,
  ...AUDIT_ROUTES,
  ...FE_DEBUG_ROUTES,
  ...MOBILITY_GROUP_ROUTES,
  ...MOBILITY_SYSTEM_ROUTES,
  ...GTFS_IMPORT_ROUTES,
  ...TIMETABLE_ROUTES,
  ...REPORT_EVENT_ROUTES,
  ...LAYER_ROUTES,
  ...IOT_QUEUE_ROUTES,
  ...SPRITE_ROUTES,
  ...RULE_TEMPLATE_ROUTES,
  ...STATISTICS_ROUTES,
  ...EVENT_CATEGORY_ROUTES,
  ...EVENT_ROUTES,
  ...EVENT_REQUEST_ROUTES,
  ...REPORT_ROUTES,
  ...PERSONAL_FILE_ROUTES,
  ...NOTIFICATION_ROUTES,
  ...DATA_SOURCE_ROUTES,
  ...DASHBOARD_ROUTES,
  ...APPLICATION_ROUTES,
];

export const USER_MENU_ICON = IconUserCircle;

/** Whether the session may open a screen with this access rule. */
export function canAccess(access: TAccess, session: TAuthSession | null): boolean {
  if (access === 'public') return true;
  if (access === 'signedOut') return !session;
  if (!session) return false;
  if (access === 'signedIn') return true;
  return can(session, access);
}

export function isRouteDeclared(path: string): boolean {
  return APP_ROUTES.some((route) => route.path === path);
}

export interface TMenuSection {
  group: (typeof MENU_GROUPS)[number] | null;
  routes: TAppRoute[];
}

/** The menu a session sees: allowed entries, in declared order, grouped, empty groups dropped. */
export function buildMenu(session: TAuthSession | null, config: TAppConfiguration): TMenuSection[] {
  const visible = APP_ROUTES.filter(
    (route) =>
      route.menu &&
      canAccess(route.access, session) &&
      (route.menu.isVisible ? route.menu.isVisible(config, session) : true),
  ).sort((a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0));
  const sections: TMenuSection[] = [{ group: null, routes: visible.filter((route) => route.menu?.group === null) }];
  for (const group of MENU_GROUPS) {
    if (group.rule && !(session && can(session, group.rule))) continue;
    const routes = visible.filter((route) => route.menu?.group === group.id);
    if (routes.length > 0) sections.push({ group, routes });
  }
  return sections.filter((section) => section.routes.length > 0);
}
