import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { Link, Navigate, Route, Routes } from '@storefront/shared/router';
import { mountStandalone, paths, useStores } from '@storefront/shared';
import '@storefront/shared/styles.css';
import SignInPage from './pages/SignInPage/SignInPage';
import SignUpPage from './pages/SignUpPage/SignUpPage';
import ForgotPasswordPage from './pages/ForgotPasswordPage/ForgotPasswordPage';
import ResetPasswordPage from './pages/ResetPasswordPage/ResetPasswordPage';
import MyAccountPage from './pages/MyAccountPage/MyAccountPage';
import TrackOrderPage from './pages/TrackOrderPage/TrackOrderPage';
import SignUpModal from './overlays/SignUpModal/SignUpModal';

/**
 * Standalone dev mount (`pnpm --filter @storefront/account dev`, the API on :3100 behind /api): the
 * account pages with the stores, router and toasts the shell provides. The composed site never runs
 * this; there the shell's route table and guards decide.
 */
const Only = observer(function Only({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  const { auth } = useStores();
  if (auth.isAuthenticated === signedIn) return <>{children}</>;
  return <Navigate to={signedIn ? paths.signin : paths.myAccount.profile} replace />;
});

const DevNav = observer(function DevNav() {
  const { auth, ui } = useStores();
  return (
    <nav aria-label="Account (standalone)" style={{ display: 'flex', gap: '1rem', padding: '0.75rem 1rem' }}>
      <Link to={paths.signin}>Sign in</Link>
      <Link to={paths.signup}>Sign up</Link>
      <Link to={paths.myAccount.profile}>My account</Link>
      <Link to={paths.myAccount.orders}>Orders</Link>
      <Link to={paths.trackOrder()}>Track order</Link>
      {!auth.isAuthenticated && (
        <button type="button" onClick={ui.openSignUpModal}>
          Sign-up modal
        </button>
      )}
    </nav>
  );
});

mountStandalone(
  <>
    <DevNav />
    <Routes>
      <Route
        path={paths.signin}
        element={
          <Only signedIn={false}>
            <SignInPage />
          </Only>
        }
      />
      <Route
        path={paths.signup}
        element={
          <Only signedIn={false}>
            <SignUpPage />
          </Only>
        }
      />
      <Route
        path={paths.forgotPassword}
        element={
          <Only signedIn={false}>
            <ForgotPasswordPage />
          </Only>
        }
      />
      <Route
        path={paths.resetPassword()}
        element={
          <Only signedIn={false}>
            <ResetPasswordPage />
          </Only>
        }
      />
      <Route
        path={`${paths.myAccount.profile}/*`}
        element={
          <Only signedIn>
            <MyAccountPage />
          </Only>
        }
      />
      <Route path={paths.trackOrder()} element={<TrackOrderPage />} />
      <Route path={`${paths.trackOrder()}/:id`} element={<TrackOrderPage />} />
      <Route path="*" element={<Navigate to={paths.signin} replace />} />
    </Routes>
    <SignUpModal />
  </>,
);
