import type { TAppConfiguration, TAuthSession } from '@mip/shared';
import { APP_ROUTES, canAccess, type TAppRoute } from '../../app/routes';

/**
 * The screens the console home offers besides the user's work: the everyday
 * ones. The rest — settings, administration — is one click away in the menu,
 * so the home does not copy it.
 */
export const HOME_SHORTCUT_PATHS = ['/', '/incidents', '/dashboards', '/mobile-systems', '/user', '/personal'];

/** The text under a shortcut's name (`home.destinations.<page>`); every shortcut has one. */
export const shortcutDescriptionKey = (route: TAppRoute) => `home.destinations.${route.titleKey.replace('pages.', '')}`;

/** The shortcuts this user may open, in the order above, each as its screen is declared. */
export function findHomeShortcuts(session: TAuthSession, config: TAppConfiguration): TAppRoute[] {
  return HOME_SHORTCUT_PATHS.flatMap((path) => {
    const route = APP_ROUTES.find((candidate) => candidate.path === path);
    if (!route || !canAccess(route.access, session)) return [];
    if (route.menu?.isVisible && !route.menu.isVisible(config, session)) return [];
    return [route];
  });
}
