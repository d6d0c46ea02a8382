/**
 * The cart_checkout pages the host may render on the server (issue 19), by their exposed names (see
 * rspack.config.ts). Each renders a guest's frame there — heading, layout, sized skeletons where the
 * shopper's cart goes — which the browser hydrates before applying the shopper's session. Payment and
 * the order outcomes show nothing but the shopper's own order: they stay rendered in the browser.
 */
export * as Cart from './pages/CartPage/CartPage';
export * as Checkout from './pages/CheckoutPage/CheckoutPage';
