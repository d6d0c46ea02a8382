/**
 * The route table of spec §2 lives in `@storefront/contract` (the start-up prefetch and the remotes'
 * exposed pages read the same list). Plain data with no React import, so `index.ts` can match the first
 * route and start loading its remote before React is evaluated.
 */
import type { PageLocation } from '@storefront/shared';
import { findRoute, routeParams, type RouteEntry } from '@storefront/contract/routes';

export {
  ROUTES,
  findRoute,
  isPrivateRoute,
  isRemoteRoute,
  matches,
  routeParams,
  type Access,
  type RemoteName,
  type RemoteRoute,
  type RouteEntry,
  type ShellRoute,
} from '@storefront/contract/routes';

/** The route a URL shows (the not-found page when none owns it) and where, as a page's loader takes it. */
export function pageLocation(pathname: string, search: string): { route: RouteEntry; at: PageLocation } {
  const route: RouteEntry = findRoute(pathname) ?? { path: '*', access: 'public', shell: 'NotFound' };
  return { route, at: { pathname, search, params: routeParams(route.path, pathname) } };
}
