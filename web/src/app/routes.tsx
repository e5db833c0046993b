import { lazy, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { type MenuGroup, MenuContext } from '../components/menu';
import { AppLayout } from '../layout/AppLayout';
import { RouteError } from './RouteError';
import { menuOf, type Screen, screens } from './screens';
import { StaffRoute } from './StaffRoute';

function Root({ menu }: { menu: readonly MenuGroup[] }) {
  return (
    <MenuContext value={menu}>
      <ScrollRestoration />
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </MenuContext>
  );
}

function routeOf({ path, load, staff, bare }: Screen): RouteObject {
  const Page = lazy(load);
  const element = <Page />;
  const errorElement = <RouteError bare={bare} />;
  const route =
    path === '/' ? { index: true, element, errorElement } : { path: path.slice(1), element, errorElement };
  return staff
    ? { element: <StaffRoute roles={staff.roles} texts={staff.texts} />, children: [route] }
    : route;
}

/** The router's table and the menu of a screen registry. */
export function routesOf(list: readonly Screen[]): RouteObject[] {
  return [
    {
      element: <Root menu={menuOf(list)} />,
      // The layout's own failures; a screen's show inside the layout, with its menu.
      errorElement: <RouteError bare />,
      children: [
        { element: <AppLayout />, children: list.filter((screen) => !screen.bare).map(routeOf) },
        ...list.filter((screen) => screen.bare).map(routeOf),
        { path: '*', element: <Navigate to="/notfound" replace /> },
      ],
    },
  ];
}

export const routes = routesOf(screens);
