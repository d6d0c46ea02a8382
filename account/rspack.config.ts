import * as rspack from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { createSectionConfigs } from '../shared/build/rspackConfig';
import { exposedModules } from '../shared/build/exposes';

/** Remote `account`: one exposed module per page (and the overlays the shell mounts). */
export default (_env: unknown, argv: { mode?: string }) =>
  createSectionConfigs(
    {
      dir: import.meta.dirname,
      name: 'account',
      kind: 'remote',
      devPort: 3003,
      // Standalone dev (src/bootstrap.tsx): deep links to the account routes, and the dev API behind /api.
      devServer: {
        historyApiFallback: true,
        proxy: [{ context: ['/api'], target: `http://127.0.0.1:${process.env.API_PORT ?? 3100}` }],
      },
      rspack,
      ModuleFederationPlugin,
      ReactRefreshPlugin: ReactRefreshRspackPlugin,
      // Its pages rendered on the server by the static host (issue 19); src/server.ts lists them.
      server: './src/server.ts',
      exposes: exposedModules('account', {
        SignIn: './src/pages/SignInPage/SignInPage.tsx',
        SignUp: './src/pages/SignUpPage/SignUpPage.tsx',
        ForgotPassword: './src/pages/ForgotPasswordPage/ForgotPasswordPage.tsx',
        ResetPassword: './src/pages/ResetPasswordPage/ResetPasswordPage.tsx',
        MyAccount: './src/pages/MyAccountPage/MyAccountPage.tsx',
        TrackOrder: './src/pages/TrackOrderPage/TrackOrderPage.tsx',
        SignUpModal: './src/overlays/SignUpModal/SignUpModal.tsx',
      }),
    },
    argv,
  );
