/**
 * The account pages the host may render on the server (issue 19), by their exposed names (see
 * rspack.config.ts). The sign-in, sign-up and tracking forms need nothing of the shopper's; the account
 * area renders its frame (tabs, headings) with sized skeletons where their details go, filled once the
 * browser has applied their session. The shell's guards send a shopper elsewhere only then.
 */
export * as SignIn from './pages/SignInPage/SignInPage';
export * as SignUp from './pages/SignUpPage/SignUpPage';
export * as TrackOrder from './pages/TrackOrderPage/TrackOrderPage';
export * as MyAccount from './pages/MyAccountPage/MyAccountPage';
