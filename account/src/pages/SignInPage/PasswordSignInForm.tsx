import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { loginSchema, MESSAGES, notify, paths, useStores } from '@storefront/shared';
import { useForm } from '../../hooks/useForm';
import { FormField } from '../../components/FormField';
import { messageOf } from '../../components/errors';

interface LoginValues extends Record<string, unknown> {
  email: string;
  password: string;
}

/** Spec §4: a successful response signs in and goes home; an unsuccessful one asks to verify the e-mail. */
export const PasswordSignInForm = observer(function PasswordSignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { auth } = useStores();
  const form = useForm<LoginValues>(loginSchema, { email: '', password: '' });
  const { values, errors, onChange, submitting } = form;

  const submit = form.handleSubmit(async (v) => {
    try {
      await auth.login({ email: v.email.trim(), password: v.password });
    } catch (err) {
      notify.error(messageOf(err, MESSAGES.loginFailed));
      throw err;
    }
    if (auth.isAuthenticated) {
      notify.success(MESSAGES.loginSuccess);
      onSignedIn();
    } else {
      notify.error(MESSAGES.verifyEmail);
    }
  });

  return (
    <form className="acc-form" onSubmit={submit} noValidate aria-label="Sign in with email">
      <FormField idPrefix="signin" name="email" type="email" label="Email" autoComplete="email" value={values.email} onChange={onChange} error={errors.email} />
      <FormField idPrefix="signin" name="password" type="password" label="Password" autoComplete="current-password" value={values.password} onChange={onChange} error={errors.password} />
      <p className="acc-form__aside">
        <Link to={paths.forgotPassword}>Forgot password?</Link>
      </p>
      <button type="submit" className="acc-btn acc-btn--primary" disabled={submitting}>
        {submitting ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
});
