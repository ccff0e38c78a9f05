import { useLocation, type RouteObject } from 'react-router';

/** Shows where the app navigated to: `at: /path?query`. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <p>at: {pathname + search}</p>;
}

/** One lazily loaded page at `path`, and a LocationProbe everywhere else (to see where it navigates). */
export function pageRoutes(path: string, lazy: NonNullable<RouteObject['lazy']>): RouteObject[] {
  return [
    {
      hydrateFallbackElement: <p>Loading page</p>,
      children: [{ path, lazy } as RouteObject, { path: '*', element: <LocationProbe /> }],
    },
  ];
}
