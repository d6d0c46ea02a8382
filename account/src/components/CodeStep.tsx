import { useLayoutEffect, useRef, useState } from 'react';
import { ApiError, MESSAGES, reportError, useForm } from '@storefront/shared';
import { FormActions } from './FormActions';
import { OtpField } from './FormField';

interface OtpValues extends Record<string, unknown> {
  otp: string;
}

interface CodeStepProps {
  /** Unique per place the step is shown, so ids never clash. */
  idPrefix: string;
  /** Where the code went. */
  mobile: string;
  /** The form's accessible name and its button. */
  title: string;
  submitLabel: string;
  busyLabel: string;
  /** Uses the code; rejects with the server's error (a wrong or expired code lands on the field). */
  onVerify: (otp: string) => Promise<void>;
  /** Spec §8's fallback for any other failure (shown under the form and toasted). */
  failure: string;
  /** Sends a new code; the caller reports the outcome. */
  onResend: () => Promise<unknown>;
  /** Back to the step before (a different number, or the sign-up details). */
  onBack: () => void;
  backLabel: string;
}

/**
 * The second step of every flow that proves a mobile by code (sign-in, sign-up): the code field with
 * spec §8's 'Invalid OTP' fallback, resend (the server keeps the gap between codes) and a way back.
 */
export function CodeStep({
  idPrefix,
  mobile,
  title,
  submitLabel,
  busyLabel,
  onVerify,
  failure,
  onResend,
  onBack,
  backLabel,
}: CodeStepProps) {
  const form = useForm<OtpValues>((v) => v.otpSchema, { otp: '' }, { failure });
  const { setErrors } = form;
  const [resending, setResending] = useState(false);
  const otpInput = useRef<HTMLInputElement>(null);

  useLayoutEffect(() => {
    otpInput.current?.focus();
  }, []);

  // A refused code (400: wrong, expired, none sent) stays on the field and is toasted; any other failure
  // (too many tries, no network) is the form's, with its fallback.
  const submit = form.handleSubmit(async (v) => {
    try {
      await onVerify(v.otp.trim());
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 400)) throw err;
      setErrors({ otp: reportError(err, MESSAGES.invalidOtp) });
      otpInput.current?.focus();
    }
  });

  const resend = async () => {
    setResending(true);
    try {
      await onResend();
    } finally {
      setResending(false);
    }
  };

  return (
    <form className="acc-form" onSubmit={submit} noValidate aria-label={title}>
      <p className="acc-form__note" role="status">
        We sent a one-time code to <strong>{mobile}</strong>.
      </p>
      <OtpField ref={otpInput} idPrefix={idPrefix} {...form.field('otp')} />
      <FormActions error={form.formError} submitting={form.submitting} label={submitLabel} busyLabel={busyLabel} />
      <div className="acc-form__links">
        <button type="button" className="acc-link-btn" onClick={() => void resend()} disabled={resending}>
          Resend OTP
        </button>
        <button type="button" className="acc-link-btn" onClick={onBack}>
          {backLabel}
        </button>
      </div>
    </form>
  );
}
