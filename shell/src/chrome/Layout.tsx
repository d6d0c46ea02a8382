import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useStores, type RuntimeConfig } from '@storefront/shared';
import { RemotePage } from '../app/RemotePage';
import { Header } from './Header';
import { Footer } from './Footer';

/** Header, the routed section, footer, and the overlays other sections expose (cart panel, sign-up modal). */
export const Layout = observer(function Layout({ children }: { config: RuntimeConfig; children: ReactNode }) {
  const { cart, ui } = useStores();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="main">
        {children}
      </main>
      <Footer />
      {cart.isCartOpen && <RemotePage remote="cart_checkout" module="CartPanel" inline />}
      {ui.showSignUpModal && <RemotePage remote="account" module="SignUpModal" inline />}
    </div>
  );
});
