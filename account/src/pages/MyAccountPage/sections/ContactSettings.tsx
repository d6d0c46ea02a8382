import { observer } from 'mobx-react-lite';
import { useLayoutEffect, useRef, useState } from 'react';
import { MESSAGES, messageOf, notify, useStores, useForm } from '@storefront/shared';
import { FormActions } from '../../../components/FormActions';
import { FormField, OtpField } from '../../../components/FormField';

interface EmailValues extends Record<string, unknown> {
  email: string;
  current_password: string;
}

interface OtpValues extends Record<string, unknown> {
  otp: string;
}

/**
 * A new e-mail is confirmed with the current password (issue 13: a session alone cannot change it), then
 * proved with the OTP sent to it: the account keeps its e-mail until then. The address waiting for its
 * code is the account's (`pending_email`), so the code step is back after a reload.
 */
export const ChangeEmailForm = observer(function ChangeEmailForm() {
  const { auth } = useStores();
  const pending = auth.user?.customer.pending_email ?? null;
  // "Use another email" shows the first step again; `asked`: the code step follows this page's request.
  const [another, setAnother] = useState(false);
  const [asked, setAsked] = useState(false);
  const form = useForm<EmailValues>(
    (v) => v.changeEmailSchema,
    { email: '', current_password: '' },
    { failure: MESSAGES.accountDetailsFailed },
  );
  const { reset } = form;
  const submit = form.handleSubmit(async (v) => {
    const res = await auth.changeEmail({ email: v.email.trim(), current_password: v.current_password });
    const code = res.data?.otp;
    notify.success(code ? `${messageOf(res, MESSAGES.otpSent)} OTP: ${code}` : messageOf(res, 'Email updated'));
    setAnother(false);
    setAsked(true);
    reset();
  });
  if (pending && !another) return <VerifyEmail email={pending} focus={asked} onAnother={() => setAnother(true)} />;
  return (
    <form className="acc-form acc-form--narrow" onSubmit={submit} noValidate aria-label="Change email">
      <h2 className="acc-panel__subtitle">Change email</h2>
      <FormField idPrefix="email-change" {...form.field('email')} type="email" label="New email" autoComplete="email" />
      <FormField
        idPrefix="email-change"
        {...form.field('current_password')}
        type="password"
        label="Current password"
        autoComplete="current-password"
      />
      <FormActions error={form.formError} submitting={form.submitting} label="Change email" busyLabel="Saving…" />
    </form>
  );
});

/**
 * The OTP sent to the new e-mail (its field takes the focus when `focus`: the form it replaced had it);
 * "Use another email" goes back to the first step.
 */
const VerifyEmail = observer(function VerifyEmail({ email, focus, onAnother }: { email: string; focus: boolean; onAnother: () => void }) {
  const { auth } = useStores();
  const form = useForm<OtpValues>((v) => v.otpSchema, { otp: '' }, { failure: MESSAGES.otpVerificationFailed });
  const otpInput = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (focus) otpInput.current?.focus();
  }, [focus]);
  const submit = form.handleSubmit(async (v) => {
    // The answer's customer has no pending e-mail: the first step comes back.
    const res = await auth.verifyEmail({ email, otp: v.otp.trim() });
    notify.success(messageOf(res, 'Email updated'));
  });
  return (
    <form className="acc-form acc-form--narrow" onSubmit={submit} noValidate aria-label="Verify email">
      <h2 className="acc-panel__subtitle">Change email</h2>
      <p className="acc-form__note" role="status">
        Enter the OTP we sent to <strong>{email}</strong>. Your email stays {auth.user?.customer.email} until then.
      </p>
      <OtpField ref={otpInput} idPrefix="verify-email" {...form.field('otp')} />
      <FormActions error={form.formError} submitting={form.submitting} label="Verify email" busyLabel="Verifying…" />
      <button type="button" className="acc-link-btn" onClick={onAnother}>
        Use another email
      </button>
    </form>
  );
});

/**
 * A mobile typed in at sign-up signs in by OTP only once proved (issue 13): send a code to it, enter it.
 * In development the code also comes back in the answer and is shown in the toast (spec §8).
 */
export const VerifyMobile = observer(function VerifyMobile({ mobile }: { mobile: string }) {
  const { auth } = useStores();
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const form = useForm<OtpValues>((v) => v.otpSchema, { otp: '' }, { failure: MESSAGES.otpVerificationFailed });

  const send = async () => {
    setSending(true);
    try {
      const res = await auth.sendMobileOtp(mobile);
      const code = res.data?.otp;
      notify.success(code ? `${messageOf(res, MESSAGES.otpSent)}: ${code}` : messageOf(res, MESSAGES.otpSent));
      setSent(true);
    } catch (err) {
      notify.error(messageOf(err, MESSAGES.sendOtpFailed));
    } finally {
      setSending(false);
    }
  };

  const submit = form.handleSubmit(async (v) => {
    const res = await auth.verifyMobile({ mobile, otp: v.otp.trim() });
    notify.success(messageOf(res, MESSAGES.otpVerified));
  });

  return (
    <div className="acc-verify-mobile">
      <p className="acc-form__note">Verify {mobile} to sign in with a one-time code.</p>
      {!sent ? (
        <button type="button" className="acc-btn acc-btn--secondary" onClick={() => void send()} disabled={sending}>
          {sending ? 'Sending…' : 'Send OTP'}
        </button>
      ) : (
        <form className="acc-form acc-form--narrow" onSubmit={submit} noValidate aria-label="Verify mobile">
          <OtpField idPrefix="verify-mobile" {...form.field('otp')} />
          <FormActions error={form.formError} submitting={form.submitting} label="Verify mobile" busyLabel="Verifying…" />
        </form>
      )}
    </div>
  );
});
