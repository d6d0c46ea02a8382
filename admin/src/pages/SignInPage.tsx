import { useForm } from '@storefront/shared';
import { observer } from 'mobx-react-lite';
import { useAdmin } from '../AdminContext';
import { TextField } from '../components/TextField';

/** Staff sign-in: e-mail and password, then the six-digit code e-mailed to the member (issue 38). */
export const SignInPage = observer(function SignInPage() {
  const { session } = useAdmin();
  return (
    <section className="adm-page adm-signin" aria-labelledby="adm-signin-title">
      <h1 id="adm-signin-title">Back office sign-in</h1>
      {session.notice && (
        <p className="adm-notice" role="status">
          {session.notice}
        </p>
      )}
      {session.challenge ? <CodeStep /> : <PasswordStep />}
    </section>
  );
});

function PasswordStep() {
  const { session } = useAdmin();
  const form = useForm((v) => v.staffSignInSchema, { email: '', password: '' }, { failure: 'Could not sign in' });
  return (
    <form
      className="adm-form"
      noValidate
      aria-label="Staff sign-in"
      onSubmit={form.handleSubmit((v) => session.signIn(v.email.trim(), v.password))}
    >
      <TextField idPrefix="adm-signin" label="Email" type="email" autoComplete="username" required {...form.field('email')} />
      <TextField
        idPrefix="adm-signin"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        {...form.field('password')}
      />
      <button type="submit" className="adm-btn" disabled={form.submitting}>
        {form.submitting ? 'Checking…' : 'Continue'}
      </button>
    </form>
  );
}

const CodeStep = observer(function CodeStep() {
  const { session } = useAdmin();
  const form = useForm((v) => v.staffCodeSchema, { code: '' }, { failure: 'Could not sign in' });
  return (
    <form className="adm-form" noValidate aria-label="E-mailed code" onSubmit={form.handleSubmit((v) => session.verify(v.code.trim()))}>
      <p>We e-mailed you a six-digit sign-in code. It works once and for a few minutes.</p>
      {session.devCode && <p className="adm-dev">Development: the code is {session.devCode}</p>}
      <TextField
        idPrefix="adm-signin"
        label="Sign-in code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        {...form.field('code')}
      />
      <button type="submit" className="adm-btn" disabled={form.submitting}>
        {form.submitting ? 'Signing in…' : 'Sign in'}
      </button>
      <button type="button" className="adm-btn adm-btn--plain" onClick={session.startOver}>
        Start again
      </button>
    </form>
  );
});
