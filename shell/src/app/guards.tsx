import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@storefront/shared/router';
import { paths, useStores } from '@storefront/shared';
import type { Access } from '../routeTable';

/**
 * Spec §2 access rules: guest-only pages send a signed-in user to /, authenticated-only pages send
 * others to /signin (remembering where they were going). Until the shopper's session is known (a page
 * rendered on the server, hydrating) the page shows its frame and skeletons: the rule applies as soon
 * as the session is.
 */
export const Guard = observer(function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const { auth, sessionRestored } = useStores();
  const location = useLocation();
  if (!sessionRestored) return <>{children}</>;
  if (access === 'guest' && auth.isAuthenticated) return <Navigate to={paths.home} replace />;
  if (access === 'auth' && !auth.isAuthenticated) {
    return <Navigate to={paths.signin} replace state={{ from: location.pathname + location.search }} />;
  }
  return <>{children}</>;
});
