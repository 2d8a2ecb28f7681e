import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../features/errors/RouteErrorPage';
import { AccessGuard } from './AccessGuard';
import { lazyPage } from './lazy-page';
import { APP_ROUTES, type TAppRoute } from './routes';
import { AppFrame } from './shell/AppFrame';
import { AuthLayout } from './shell/AuthLayout';
import { ConsoleLayout } from './shell/ConsoleLayout';

export interface TRouteHandle {
  route: TAppRoute;
}

function toRouteObject(route: TAppRoute): RouteObject {
  const relative = route.path.replace(/^\//, '');
  const load = lazyPage(route.load);
  return {
    ...(relative === '' ? { index: true } : { path: relative }),
    handle: { route } satisfies TRouteHandle,
    lazy: async () => {
      const { Component: Page } = await load();
      return {
        Component: () => (
          <AccessGuard access={route.access}>
            <Page />
          </AccessGuard>
        ),
      };
    },
  };
}

function screens(): RouteObject[] {
  const byLayout = (layout: TAppRoute['layout']) => APP_ROUTES.filter((r) => r.layout === layout).map(toRouteObject);
  const notFound = lazyPage(() => import('../features/errors/NotFoundPage'));
  return [
    {
      Component: ConsoleLayout,
      children: [...byLayout('console'), { path: '*', lazy: notFound }],
    },
    { Component: AuthLayout, children: byLayout('auth') },
    ...byLayout('bare'),
  ];
}

/** Every screen at the root and again under `/app/{appId}`, which selects an application's configuration. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      Component: AppFrame,
      errorElement: <RouteErrorPage />,
      children: [
        { path: '/app/:appId', children: screens() },
        { path: '/', children: screens() },
      ],
    },
  ]);
}
