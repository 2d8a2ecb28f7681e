import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
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

/** A screen behind its access rule: the guard renders the page (its index child) only when allowed. */
function toRouteObject(route: TAppRoute): RouteObject {
  const relative = route.path.replace(/^\//, '');
  return {
    ...(relative === '' ? {} : { path: relative }),
    handle: { route } satisfies TRouteHandle,
    element: (
      <AccessGuard access={route.access}>
        <Outlet />
      </AccessGuard>
    ),
    children: [{ index: true, lazy: lazyPage(route.load) }],
  };
}

function screens(): RouteObject[] {
  const byLayout = (layout: TAppRoute['layout']) => APP_ROUTES.filter((r) => r.layout === layout).map(toRouteObject);
  const notFound: TAppRoute = {
    path: '*',
    titleKey: 'pages.notFound',
    access: 'public',
    layout: 'console',
    load: () => import('../features/errors/NotFoundPage'),
  };
  return [
    {
      Component: ConsoleLayout,
      // A splat route has no index child to match, so the (public) not-found page is its own route.
      children: [
        ...byLayout('console'),
        { path: '*', handle: { route: notFound } satisfies TRouteHandle, lazy: lazyPage(notFound.load) },
      ],
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
