import * as rspack from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin as ReactRefreshPlugin } from '@rspack/plugin-react-refresh';
import { createSectionConfigs } from '../shared/build/rspackConfig';

/** Remote `cart_checkout`: one exposed module per page (and the overlays the shell mounts). */
export default (_env: unknown, argv: { mode?: string }) =>
  createSectionConfigs(
    {
      dir: import.meta.dirname,
      name: 'cart_checkout',
      kind: 'remote',
      devPort: 3002,
      rspack,
      ModuleFederationPlugin,
      ReactRefreshPlugin,
      // Its pages rendered on the server by the static host (issue 19); src/server.ts lists them.
      server: './src/server.ts',
      exposes: {
        './Cart': { import: './src/pages/CartPage/CartPage.tsx', name: 'Cart' },
        './Checkout': { import: './src/pages/CheckoutPage/CheckoutPage.tsx', name: 'Checkout' },
        './Payment': { import: './src/pages/PaymentPage/PaymentPage.tsx', name: 'Payment' },
        './OrderSuccess': { import: './src/pages/OrderSuccessPage/OrderSuccessPage.tsx', name: 'OrderSuccess' },
        './OrderFailure': { import: './src/pages/OrderFailurePage/OrderFailurePage.tsx', name: 'OrderFailure' },
        './CartPanel': { import: './src/overlays/CartPanel/CartPanel.tsx', name: 'CartPanel' },
      },
    },
    argv,
  );
