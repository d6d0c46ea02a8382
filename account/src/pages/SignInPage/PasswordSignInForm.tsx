import { observer } from 'mobx-react-lite';
import { Link } from '@storefront/shared/router';
import { ApiError, MESSAGES, notify, paths, useStores, useForm } from '@storefront/shared';
import { FormActions } from '../../components/FormActions';
import { FormField } from '../../components/FormField';

interface LoginValues extends Record<string, unknown> {
  email: string;
  password: string;
}

/**
 * Spec §4: a successful response signs in and goes home; an unsuccessful one leaves the shopper signed
 * out and asks to verify the e-mail; a failure (wrong password) shows the server's message. The auth
 * store keeps the error; the root store syncs the guest cart and loads the wishlist after sign-in.
 */
export const PasswordSignInForm = observer(function PasswordSignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { auth } = useStores();
  const form = useForm<LoginValues>((v) => v.loginSchema, { email: '', password: '' }, { failure: MESSAGES.loginFailed });

  const submit = form.handleSubmit(async (v) => {
    const outcome = await auth.login({ email: v.email.trim(), password: v.password });
    if (!outcome) return; // cancelled
    if (outcome === 'verify-email') throw new ApiError(200, [MESSAGES.verifyEmail]);
    notify.success(MESSAGES.loginSuccess);
    onSignedIn();
  });

  return (
    <form className="acc-form" onSubmit={submit} noValidate aria-label="Sign in with email">
      <FormField idPrefix="signin" {...form.field('email')} type="email" label="Email" autoComplete="email" />
      <FormField idPrefix="signin" {...form.field('password')} type="password" label="Password" autoComplete="current-password" />
      <p className="acc-form__aside">
        <Link to={paths.forgotPassword}>Forgot password?</Link>
      </p>
      <FormActions error={form.formError} submitting={form.submitting} label="Sign in" busyLabel="Signing in…" />
    </form>
  );
});
