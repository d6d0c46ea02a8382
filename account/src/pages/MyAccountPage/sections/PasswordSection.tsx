import { observer } from 'mobx-react-lite';
import { MESSAGES, messageOf, notify, useStores, useDocumentTitle, useForm } from '@storefront/shared';
import { FormActions } from '../../../components/FormActions';
import { FormField } from '../../../components/FormField';

interface PasswordValues extends Record<string, unknown> {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

/** /my-account/password: change password (spec §5 change-password messages). */
export const PasswordSection = observer(function PasswordSection() {
  const { auth } = useStores();
  useDocumentTitle('Change Password');
  const form = useForm<PasswordValues>(
    (v) => v.changePasswordSchema,
    { old_password: '', new_password: '', confirm_password: '' },
    { failure: MESSAGES.resetPasswordFailed },
  );

  const { reset } = form;
  const submit = form.handleSubmit(async (v) => {
    const res = await auth.changePassword({
      old_password: v.old_password,
      new_password: v.new_password,
      confirm_password: v.confirm_password,
    });
    // Issue 13: the server signs every other device out; say so, so nobody wonders why.
    notify.success(`${messageOf(res, 'Password changed successfully')}. Other devices have been signed out.`);
    reset();
  });

  return (
    <div className="acc-panel">
      <h1 className="acc-panel__title">Change Password</h1>
      <form className="acc-form acc-form--narrow" onSubmit={submit} noValidate aria-label="Change password">
        <FormField
          idPrefix="password"
          {...form.field('old_password')}
          type="password"
          label="Old password"
          autoComplete="current-password"
        />
        <FormField idPrefix="password" {...form.field('new_password')} type="password" label="New password" autoComplete="new-password" />
        <FormField
          idPrefix="password"
          {...form.field('confirm_password')}
          type="password"
          label="Confirm new password"
          autoComplete="new-password"
        />
        <FormActions error={form.formError} submitting={form.submitting} label="Change password" busyLabel="Saving…" />
      </form>
    </div>
  );
});
