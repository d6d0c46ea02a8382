import * as rspack from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { createSectionConfigs } from '../shared/build/rspackConfig';
import { exposedModules } from '../shared/build/exposes';

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
      ReactRefreshPlugin: ReactRefreshRspackPlugin,
      // Its pages rendered on the server by the static host (issue 19); src/server.ts lists them.
      server: './src/server.ts',
      exposes: exposedModules('cart_checkout', {
        Cart: './src/pages/CartPage/CartPage.tsx',
        Checkout: './src/pages/CheckoutPage/CheckoutPage.tsx',
        Payment: './src/pages/PaymentPage/PaymentPage.tsx',
        OrderSuccess: './src/pages/OrderSuccessPage/OrderSuccessPage.tsx',
        OrderFailure: './src/pages/OrderFailurePage/OrderFailurePage.tsx',
        CartPanel: './src/overlays/CartPanel/CartPanel.tsx',
      }),
    },
    argv,
  );
