import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useLocation } from '@storefront/shared/router';
import { HydrationBoundary, paths, useStores, type RuntimeConfig } from '@storefront/shared';
import { matches } from '../routeTable';
import { RemotePage } from './RemotePage';
import { Footer } from '../chrome/Footer';
import { ScrollManager } from '../chrome/ScrollManager';
import { SiteHeader } from '../chrome/SiteHeader';
import { useTheme } from '../chrome/useTheme';

/**
 * The page frame: theme, scroll behaviour, the fixed top bar and header, the routed section, the footer,
 * and the overlays other sections expose (the cart panel from cart-checkout, the sign-up modal from
 * account), each loaded on first use inside its own error boundary.
 */
export const Layout = observer(function Layout({ children }: { config?: RuntimeConfig; children: ReactNode }) {
  const { cart, ui } = useStores();
  const { pathname } = useLocation();
  useTheme();
  // The back office (issue 38) is no shop page: no shop header, footer, cart or shopper sign-in around it.
  if (matches(`${paths.admin.home}/*`, pathname)) {
    return (
      <main id="main" className="sh-main sh-main--bare" tabIndex={-1}>
        {children}
      </main>
    );
  }
  return (
    <div className="sh-app">
      <a className="sh-skip" href="#main">
        Skip to content
      </a>
      <ScrollManager />
      <HydrationBoundary>
        <SiteHeader />
      </HydrationBoundary>
      <main id="main" className="sh-main" tabIndex={-1}>
        <HydrationBoundary>{children}</HydrationBoundary>
      </main>
      <HydrationBoundary>
        <Footer />
      </HydrationBoundary>
      {cart.isCartOpen && <RemotePage remote="cart_checkout" module="CartPanel" inline />}
      {ui.showSignUpModal && <RemotePage remote="account" module="SignUpModal" inline />}
    </div>
  );
});
