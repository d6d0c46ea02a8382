import { observer } from 'mobx-react-lite';
import { Link, Route, Routes } from '@storefront/shared/router';
import { mountStandalone, paths, useStores } from '@storefront/shared';
import '@storefront/shared/styles.css';
import CartPanel from './overlays/CartPanel/CartPanel';
import CartPage from './pages/CartPage/CartPage';
import CheckoutPage from './pages/CheckoutPage/CheckoutPage';
import OrderFailurePage from './pages/OrderFailurePage/OrderFailurePage';
import OrderSuccessPage from './pages/OrderSuccessPage/OrderSuccessPage';
import PaymentPage from './pages/PaymentPage/PaymentPage';

/**
 * Standalone dev mount (`pnpm --filter @storefront/cart-checkout dev`): this remote's pages and the cart
 * panel on the same stores the shell provides, against the dev API. The composed site never runs this;
 * the shell's guards (signed-in pages) are not applied here.
 */
const DevFrame = observer(function DevFrame() {
  const { cart, auth } = useStores();
  return (
    <>
      <nav aria-label="cart_checkout (standalone)" style={{ display: 'flex', gap: 16, padding: 12, borderBottom: '1px solid #ddd' }}>
        <Link to={paths.cart}>Cart page</Link>
        <Link to={paths.checkout}>Checkout</Link>
        <button type="button" onClick={cart.open}>
          Open cart panel ({cart.count})
        </button>
        <span>{auth.isAuthenticated ? `Signed in: ${auth.displayName}` : 'Guest'}</span>
      </nav>
      <Routes>
        <Route path={paths.cart} element={<CartPage />} />
        <Route path={paths.checkout} element={<CheckoutPage />} />
        <Route path={paths.payment} element={<PaymentPage />} />
        <Route path={paths.orderSuccess} element={<OrderSuccessPage />} />
        <Route path={paths.orderFailure} element={<OrderFailurePage />} />
        <Route path="*" element={<CartPage />} />
      </Routes>
      {cart.isCartOpen ? <CartPanel /> : null}
    </>
  );
});

mountStandalone(<DevFrame />);
