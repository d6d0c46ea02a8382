import * as rspack from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin as ReactRefreshPlugin } from '@rspack/plugin-react-refresh';
import { createSectionConfigs } from '../shared/build/rspackConfig';

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
      ReactRefreshPlugin,
      // Its pages rendered on the server by the static host (issue 19); src/server.ts lists them.
      server: './src/server.ts',
      exposes: {
        './SignIn': { import: './src/pages/SignInPage/SignInPage.tsx', name: 'SignIn' },
        './SignUp': { import: './src/pages/SignUpPage/SignUpPage.tsx', name: 'SignUp' },
        './ForgotPassword': { import: './src/pages/ForgotPasswordPage/ForgotPasswordPage.tsx', name: 'ForgotPassword' },
        './ResetPassword': { import: './src/pages/ResetPasswordPage/ResetPasswordPage.tsx', name: 'ResetPassword' },
        './MyAccount': { import: './src/pages/MyAccountPage/MyAccountPage.tsx', name: 'MyAccount' },
        './TrackOrder': { import: './src/pages/TrackOrderPage/TrackOrderPage.tsx', name: 'TrackOrder' },
        './SignUpModal': { import: './src/overlays/SignUpModal/SignUpModal.tsx', name: 'SignUpModal' },
      },
    },
    argv,
  );
