import { observer } from 'mobx-react-lite';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES, mobileSchema, notify, paths, useStores } from '@storefront/shared';
import { useForm } from '../../hooks/useForm';
import { FormField } from '../../components/FormField';
import { messageOf } from '../../components/errors';

interface MobileValues extends Record<string, unknown> {
  mobile: string;
}

/** The code the server sends is digits only; anything else is refused before a call is made. */
const OTP_PATTERN = /^\d{4,8}$/;

/**
 * Sign-in by one-time code (spec §4): send the code to a registered mobile (/login/otp), then verify it
 * (/otp/verify/login). A number that is not registered goes to sign-up with the mobile filled in.
 */
export const OtpSignInForm = observer(function OtpSignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { auth } = useStores();
  const navigate = useNavigate();
  const form = useForm<MobileValues>(mobileSchema, { mobile: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | undefined>();
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const otpInput = useRef<HTMLInputElement>(null);

  const send = async (mobile: string): Promise<boolean> => {
    const result = await auth.sendLoginOtp(mobile);
    if (result.userNotRegistered) {
      notify.info(messageOf(result.message, MESSAGES.notRegistered));
      navigate(paths.signup, { state: { mobile: result.mobile ?? mobile } });
      return false;
    }
    if (!result.success) {
      notify.error(messageOf(result.message, MESSAGES.sendOtpFailed));
      return false;
    }
    // Spec §8: the OTP-send success toast shows the OTP value from the response (development only).
    notify.success(result.otp ? `OTP: ${result.otp}` : messageOf(result.message, MESSAGES.otpSent));
    return true;
  };

  const submitMobile = form.handleSubmit(async (v) => {
    const mobile = v.mobile.trim();
    if (await send(mobile)) {
      setSentTo(mobile);
      setOtp('');
      setOtpError(undefined);
      requestAnimationFrame(() => otpInput.current?.focus());
    }
  });

  const resend = async () => {
    if (!sentTo) return;
    setResending(true);
    try {
      await send(sentTo);
    } finally {
      setResending(false);
    }
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    if (!sentTo || verifying) return;
    const code = otp.trim();
    if (!code) {
      setOtpError('Please enter the OTP');
      otpInput.current?.focus();
      return;
    }
    if (!OTP_PATTERN.test(code)) {
      setOtpError(MESSAGES.invalidOtp);
      otpInput.current?.focus();
      return;
    }
    setVerifying(true);
    try {
      await auth.verifyLoginOtp({ mobile: sentTo, otp: code });
      notify.success(MESSAGES.otpVerified);
      onSignedIn();
    } catch (err) {
      const message = messageOf(err, MESSAGES.otpVerificationFailed);
      setOtpError(message);
      notify.error(message);
      otpInput.current?.focus();
    } finally {
      setVerifying(false);
    }
  };

  if (!sentTo) {
    return (
      <form className="acc-form" onSubmit={submitMobile} noValidate aria-label="Sign in with mobile OTP">
        <FormField
          idPrefix="signin-otp"
          name="mobile"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={10}
          label="Mobile number"
          value={form.values.mobile}
          onChange={form.onChange}
          error={form.errors.mobile}
        />
        <button type="submit" className="acc-btn acc-btn--primary" disabled={form.submitting}>
          {form.submitting ? 'Sending…' : 'Send OTP'}
        </button>
      </form>
    );
  }

  return (
    <form className="acc-form" onSubmit={verify} noValidate aria-label="Verify OTP">
      <p className="acc-form__note" role="status">
        We sent a one-time code to <strong>{sentTo}</strong>.
      </p>
      <FormField
        ref={otpInput}
        idPrefix="signin-otp"
        name="otp"
        label="OTP"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        value={otp}
        onChange={(e) => {
          setOtp(e.target.value);
          setOtpError(undefined);
        }}
        error={otpError}
      />
      <button type="submit" className="acc-btn acc-btn--primary" disabled={verifying}>
        {verifying ? 'Verifying…' : 'Verify OTP'}
      </button>
      <div className="acc-form__links">
        <button type="button" className="acc-link-btn" onClick={() => void resend()} disabled={resending}>
          Resend OTP
        </button>
        <button type="button" className="acc-link-btn" onClick={() => setSentTo(null)}>
          Change number
        </button>
      </div>
    </form>
  );
});
