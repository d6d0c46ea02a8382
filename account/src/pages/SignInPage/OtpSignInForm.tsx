import { observer } from 'mobx-react-lite';
import { useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from '@storefront/shared/router';
import { MESSAGES, messageOf, notify, paths, reportError, useStores } from '@storefront/shared';
import { useForm } from '../../hooks/useForm';
import { FormActions } from '../../components/FormActions';
import { FormField, OtpField } from '../../components/FormField';

interface MobileValues extends Record<string, unknown> {
  mobile: string;
}

interface OtpValues extends Record<string, unknown> {
  otp: string;
}

/** Where a 'not registered' number is handed to the sign-up page (router state, spec §4). */
export interface SignUpHandOver {
  mobile: string;
}

/**
 * Sign-in by one-time code (spec §4): send the code to a registered mobile (/login/otp), then verify it
 * (/otp/verify/login). A number that is not registered goes to sign-up with the mobile filled in.
 */
export const OtpSignInForm = observer(function OtpSignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { auth } = useStores();
  const navigate = useNavigate();
  const [sentTo, setSentTo] = useState<string | null>(null);

  /** Resolves to whether the code went out; the other outcomes are handled here. */
  const send = async (mobile: string): Promise<boolean> => {
    const result = await auth.sendLoginOtp(mobile);
    if (result.userNotRegistered) {
      notify.info(messageOf(result.message, MESSAGES.notRegistered));
      const handOver: SignUpHandOver = { mobile: result.mobile ?? mobile };
      navigate(paths.signup, { state: handOver });
      return false;
    }
    if (!result.success) {
      notify.error(messageOf(result.message, MESSAGES.sendOtpFailed));
      return false;
    }
    // Spec §8: the OTP-send success toast shows the OTP value from the response (development only).
    notify.success(
      result.otp ? `${messageOf(result.message, MESSAGES.otpSent)}: ${result.otp}` : messageOf(result.message, MESSAGES.otpSent),
    );
    return true;
  };

  return sentTo === null ? (
    <MobileStep
      onSend={async (mobile) => {
        if (await send(mobile)) setSentTo(mobile);
      }}
    />
  ) : (
    <VerifyStep mobile={sentTo} onResend={() => send(sentTo)} onChangeNumber={() => setSentTo(null)} onSignedIn={onSignedIn} />
  );
});

function MobileStep({ onSend }: { onSend: (mobile: string) => Promise<void> }) {
  const form = useForm<MobileValues>((v) => v.mobileSchema, { mobile: '' }, { failure: MESSAGES.sendOtpFailed });
  const submit = form.handleSubmit((v) => onSend(v.mobile.trim()));
  return (
    <form className="acc-form" onSubmit={submit} noValidate aria-label="Sign in with mobile OTP">
      <FormField
        idPrefix="signin-otp"
        {...form.field('mobile')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={10}
        label="Mobile number"
      />
      <FormActions error={form.formError} submitting={form.submitting} label="Send OTP" busyLabel="Sending…" />
    </form>
  );
}

interface VerifyStepProps {
  mobile: string;
  onResend: () => Promise<boolean>;
  onChangeNumber: () => void;
  onSignedIn: () => void;
}

const VerifyStep = observer(function VerifyStep({ mobile, onResend, onChangeNumber, onSignedIn }: VerifyStepProps) {
  const { auth } = useStores();
  const form = useForm<OtpValues>((v) => v.otpSchema, { otp: '' }, { failure: MESSAGES.otpVerificationFailed });
  const { setErrors } = form;
  const [resending, setResending] = useState(false);
  const otpInput = useRef<HTMLInputElement>(null);

  useLayoutEffect(() => {
    otpInput.current?.focus();
  }, []);

  // Spec §4: success sets verified and authenticated; a wrong code stays on the field (and is toasted).
  const submit = form.handleSubmit(async (v) => {
    try {
      const res = await auth.verifyLoginOtp({ mobile, otp: v.otp.trim() });
      notify.success(messageOf(res, MESSAGES.otpVerified));
      onSignedIn();
    } catch (err) {
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
    <form className="acc-form" onSubmit={submit} noValidate aria-label="Verify OTP">
      <p className="acc-form__note" role="status">
        We sent a one-time code to <strong>{mobile}</strong>.
      </p>
      <OtpField ref={otpInput} idPrefix="signin-otp" {...form.field('otp')} />
      <button type="submit" className="acc-btn acc-btn--primary" disabled={form.submitting || auth.verificationLoading}>
        {form.submitting ? 'Verifying…' : 'Verify OTP'}
      </button>
      <div className="acc-form__links">
        <button type="button" className="acc-link-btn" onClick={() => void resend()} disabled={resending}>
          Resend OTP
        </button>
        <button type="button" className="acc-link-btn" onClick={onChangeNumber}>
          Change number
        </button>
      </div>
    </form>
  );
});
