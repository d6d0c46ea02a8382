import { observer } from 'mobx-react-lite';
import { changePasswordSchema, MESSAGES, messageOf, notify, useStores } from '@storefront/shared';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useForm } from '../../../hooks/useForm';
import { FormError } from '../../../components/FormError';
import { FormField } from '../../../components/FormField';

interface PasswordValues extends Record<string, unknown> {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

/** /my-account/password: change password (spec §5 change-password messages). */
export const PasswordSection = observer(function PasswordSection() {
  const { auth, storeInfo } = useStores();
  useDocumentTitle('Change Password', storeInfo.storeName);
  const form = useForm<PasswordValues>(changePasswordSchema, { old_password: '', new_password: '', confirm_password: '' }, { failure: MESSAGES.resetPasswordFailed });

  const { reset } = form;
  const submit = form.handleSubmit(async (v) => {
    const res = await auth.changePassword({ old_password: v.old_password, new_password: v.new_password, confirm_password: v.confirm_password });
    notify.success(messageOf(res, 'Password changed successfully'));
    reset();
  });

  return (
    <div className="acc-panel">
      <h1 className="acc-panel__title">Change Password</h1>
      <form className="acc-form acc-form--narrow" onSubmit={submit} noValidate aria-label="Change password">
        <FormField idPrefix="password" name="old_password" type="password" label="Old password" autoComplete="current-password" value={form.values.old_password} onChange={form.onChange} error={form.errors.old_password} />
        <FormField idPrefix="password" name="new_password" type="password" label="New password" autoComplete="new-password" value={form.values.new_password} onChange={form.onChange} error={form.errors.new_password} />
        <FormField idPrefix="password" name="confirm_password" type="password" label="Confirm new password" autoComplete="new-password" value={form.values.confirm_password} onChange={form.onChange} error={form.errors.confirm_password} />
        <FormError message={form.formError} />
        <button type="submit" className="acc-btn acc-btn--primary" disabled={form.submitting}>
          {form.submitting ? 'Saving…' : 'Change password'}
        </button>
      </form>
    </div>
  );
});
