import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Link } from '@storefront/shared/router';
import { MESSAGES, messageOf, notify, paths, useStores, useDocumentTitle, useForm } from '@storefront/shared';
import { FormActions } from '../../components/FormActions';
import { FormField } from '../../components/FormField';
import '../../components/forms.css';
import '../SignInPage/SignInPage.css';

interface ForgotValues extends Record<string, unknown> {
  email: string;
}

/** /forgot-password: asks the server to mail a reset link (spec §7 /customer/forgot-password). */
const ForgotPasswordPage = observer(function ForgotPasswordPage() {
  const { auth } = useStores();
  useDocumentTitle('Forgot Password');
  const form = useForm<ForgotValues>((v) => v.forgotPasswordSchema, { email: '' }, { failure: MESSAGES.somethingWentWrong });
  const [sent, setSent] = useState<{ message: string; token?: string } | null>(null);

  const submit = form.handleSubmit(async (v) => {
    const res = await auth.forgotPassword(v.email.trim());
    const message = messageOf(res, 'If that e-mail is registered, a reset link is on its way.');
    notify.success(message);
    setSent({ message, token: res.data?.reset_token });
  });

  return (
    <section className="acc-page acc-auth" data-section="account">
      <div className="acc-auth__card">
        <h1 className="acc-auth__title">Forgot Password</h1>
        {sent ? (
          <div className="acc-form__note" role="status">
            <p>{sent.message}</p>
            {sent.token && (
              // No mail server in development: the API hands the token back, so offer the link here.
              <p>
                <Link to={paths.resetPassword(sent.token)}>Open the reset link (development)</Link>
              </p>
            )}
          </div>
        ) : (
          <>
            <p className="acc-auth__lead">Enter your e-mail and we will send you a link to set a new password.</p>
            <form className="acc-form" onSubmit={submit} noValidate aria-label="Forgot password">
              <FormField idPrefix="forgot" {...form.field('email')} type="email" label="Email" autoComplete="email" />
              <FormActions error={form.formError} submitting={form.submitting} label="Send reset link" busyLabel="Sending…" />
            </form>
          </>
        )}
        <p className="acc-auth__alt">
          Remembered it? <Link to={paths.signin}>Back to sign in</Link>
        </p>
      </div>
    </section>
  );
});

export default ForgotPasswordPage;
