import { observer } from 'mobx-react-lite';
import { Link, useNavigate, useSearchParams } from '@storefront/shared/router';
import { MESSAGES, messageOf, notify, paths, useStores, useDocumentTitle, useForm } from '@storefront/shared';
import { FormActions } from '../../components/FormActions';
import { FormField } from '../../components/FormField';
import '../../components/forms.css';
import '../SignInPage/SignInPage.css';

interface ResetValues extends Record<string, unknown> {
  password: string;
  confirm_password: string;
}

/** /reset-password?token=…: sets a new password from the mailed link; success goes to /signin (spec §4). */
const ResetPasswordPage = observer(function ResetPasswordPage() {
  const { auth } = useStores();
  useDocumentTitle('Reset Password');
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const form = useForm<ResetValues>(
    (v) => v.resetPasswordSchema,
    { password: '', confirm_password: '' },
    { failure: MESSAGES.resetPasswordFailed },
  );

  // Spec §5: the call sends the new password as its own confirmation; success goes to /signin (§4).
  const submit = form.handleSubmit(async (v) => {
    const res = await auth.resetPassword({ token, password: v.password });
    notify.success(messageOf(res, 'Password reset successfully'));
    navigate(paths.signin, { replace: true });
  });

  return (
    <section className="acc-page acc-auth" data-section="account">
      <div className="acc-auth__card">
        <h1 className="acc-auth__title">Reset Password</h1>
        {token ? (
          <form className="acc-form" onSubmit={submit} noValidate aria-label="Reset password">
            <FormField idPrefix="reset" {...form.field('password')} type="password" label="New password" autoComplete="new-password" />
            <FormField
              idPrefix="reset"
              {...form.field('confirm_password')}
              type="password"
              label="Confirm new password"
              autoComplete="new-password"
            />
            <FormActions error={form.formError} submitting={form.submitting} label="Reset password" busyLabel="Saving…" />
          </form>
        ) : (
          <p className="acc-form__note" role="alert">
            This reset link is incomplete. Please use the link from your e-mail, or <Link to={paths.forgotPassword}>ask for a new one</Link>
            .
          </p>
        )}
        <p className="acc-auth__alt">
          <Link to={paths.signin}>Back to sign in</Link>
        </p>
      </div>
    </section>
  );
});

export default ResetPasswordPage;
