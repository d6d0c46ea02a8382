import { observer } from 'mobx-react-lite';
import { Link, useLocation, useNavigate, useSearchParams } from '@storefront/shared/router';
import { paths, useDocumentTitle, useHydrated } from '@storefront/shared';
import { SignUpForm } from '../../components/SignUpForm';
import '../../components/forms.css';
import '../SignInPage/SignInPage.css';

/** A mobile handed over by the OTP sign-in's 'not registered' path: router state, or ?mobile=. */
function mobileFrom(state: unknown, search: URLSearchParams): string {
  if (typeof state === 'object' && state !== null && 'mobile' in state) {
    const m = (state as { mobile: unknown }).mobile;
    if (typeof m === 'string') return m;
  }
  return search.get('mobile') ?? '';
}

/** /signup: registration (spec §4): success goes to /signin. */
const SignUpPage = observer(function SignUpPage() {
  useDocumentTitle('Sign Up');
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  // Router state is the browser's alone (it survives a reload, the server never sees it): read once
  // hydrated, so the first frame matches the server's, which knows only the URL's `?mobile=`.
  const hydrated = useHydrated();
  const mobile = mobileFrom(hydrated ? location.state : null, search);

  return (
    <section className="acc-page acc-auth" data-section="account">
      <div className="acc-auth__card">
        <h1 className="acc-auth__title">Create Account</h1>
        {mobile ? (
          <p className="acc-auth__lead" role="status">
            The number {mobile} is not registered yet. Create an account to continue.
          </p>
        ) : (
          <p className="acc-auth__lead">Sign up to track orders, save a wishlist and check out faster.</p>
        )}
        <SignUpForm idPrefix="signup" initialMobile={mobile} onRegistered={() => navigate(paths.signin, { replace: true })} />
        <p className="acc-auth__alt">
          Already have an account? <Link to={paths.signin}>Sign in</Link>
        </p>
      </div>
    </section>
  );
});

export default SignUpPage;
