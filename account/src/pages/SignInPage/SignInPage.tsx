import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Link, useNavigate } from '@storefront/shared/router';
import { paths, useDocumentTitle } from '@storefront/shared';
import { PasswordSignInForm } from './PasswordSignInForm';
import { OtpSignInForm } from './OtpSignInForm';
import '../../components/forms.css';
import './SignInPage.css';

type Method = 'password' | 'otp';

/** /signin: e-mail and password, or a one-time code sent to the mobile (spec §1, §4). */
const SignInPage = observer(function SignInPage() {
  useDocumentTitle('Sign In');
  const [method, setMethod] = useState<Method>('password');
  const navigate = useNavigate();
  // Spec §4: a successful sign-in goes to / (the shell's guest-only guard would also send it there).
  const onSignedIn = () => navigate(paths.home, { replace: true });

  return (
    <section className="acc-page acc-auth" data-section="account">
      <div className="acc-auth__card">
        <h1 className="acc-auth__title">Sign In</h1>
        <p className="acc-auth__lead">Welcome back. Sign in to see your orders, wishlist and saved address.</p>
        <div className="acc-segmented" role="group" aria-label="Sign-in method">
          <button type="button" aria-pressed={method === 'password'} className="acc-segmented__btn" onClick={() => setMethod('password')}>
            Email &amp; password
          </button>
          <button type="button" aria-pressed={method === 'otp'} className="acc-segmented__btn" onClick={() => setMethod('otp')}>
            Mobile OTP
          </button>
        </div>
        {method === 'password' ? (
          <PasswordSignInForm onSignedIn={onSignedIn} />
        ) : (
          <OtpSignInForm onSignedIn={onSignedIn} onUseEmail={() => setMethod('password')} />
        )}
        <p className="acc-auth__alt">
          New here? <Link to={paths.signup}>Create an account</Link>
        </p>
      </div>
    </section>
  );
});

export default SignInPage;
