import { observer } from 'mobx-react-lite';
import { MESSAGES, messageOf, notify, useStores, useDocumentTitle, useForm } from '@storefront/shared';
import { FormActions } from '../../../components/FormActions';
import { FormField } from '../../../components/FormField';
import { ChangeEmailForm, VerifyMobile } from './ContactSettings';

interface ProfileValues extends Record<string, unknown> {
  firstname: string;
  lastname: string;
}

/** /my-account: first and last name (spec §7 /customer/account-details); e-mail and phones shown. */
export const ProfileSection = observer(function ProfileSection() {
  const { auth } = useStores();
  useDocumentTitle('My Account');
  const customer = auth.user?.customer;
  const form = useForm<ProfileValues>(
    (v) => v.profileSchema,
    {
      firstname: customer?.firstname ?? '',
      lastname: customer?.lastname ?? '',
    },
    { failure: MESSAGES.accountDetailsFailed },
  );

  // Spec §4: the account-details update changes first and last name in the session too.
  const submit = form.handleSubmit(async (v) => {
    const res = await auth.updateAccountDetails({ firstname: v.firstname.trim(), lastname: v.lastname.trim() });
    notify.success(messageOf(res, 'Account details updated'));
  });

  const phone = customer?.phone_number ?? '';
  const altPhone = customer?.alt_phone_number || phone;

  return (
    <div className="acc-panel">
      <h1 className="acc-panel__title">My Profile</h1>
      <form className="acc-form" onSubmit={submit} noValidate aria-label="Account details">
        <div className="acc-form__row">
          <FormField idPrefix="profile" {...form.field('firstname')} label="First name" autoComplete="given-name" />
          <FormField idPrefix="profile" {...form.field('lastname')} label="Last name" autoComplete="family-name" />
        </div>
        <FormActions error={form.formError} submitting={form.submitting} label="Save changes" busyLabel="Saving…" />
      </form>
      <dl className="acc-facts">
        <div>
          <dt>Email</dt>
          <dd>{customer?.email || 'Not set'}</dd>
        </div>
        <div>
          <dt>Phone number</dt>
          <dd>
            {phone || 'Not set'}
            {phone && customer?.mobile_verified ? ' (verified)' : ''}
          </dd>
        </div>
        <div>
          <dt>Alternate phone number</dt>
          <dd>{altPhone || 'Not set'}</dd>
        </div>
      </dl>
      {phone && customer?.mobile_verified === false && <VerifyMobile mobile={phone} />}
      {customer?.email && <ChangeEmailForm />}
    </div>
  );
});
