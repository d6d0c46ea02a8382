import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useNavigate } from '@storefront/shared/router';
import { MESSAGES, messageOf, notify, paths, useStores, useForm } from '@storefront/shared';
import { CodeStep } from '../../components/CodeStep';
import { FormActions } from '../../components/FormActions';
import { FormField } from '../../components/FormField';

interface MobileValues extends Record<string, unknown> {
  mobile: string;
}

/** Where a 'not registered' number is handed to the sign-up page (router state, spec §4). */
export interface SignUpHandOver {
  mobile: string;
}

interface OtpSignInFormProps {
  onSignedIn: () => void;
  /** Switches the page to the e-mail and password sign-in. */
  onUseEmail: () => void;
}

/**
 * Sign-in by one-time code (spec §4): send the code to a registered mobile (/login/otp), then verify it
 * (/otp/verify/login). A number that is not registered goes to sign-up with the mobile filled in; a
 * number an account holds unproven (issue 34) gets the server's advice and the e-mail sign-in instead,
 * since sign-up would refuse it too.
 */
export const OtpSignInForm = observer(function OtpSignInForm({ onSignedIn, onUseEmail }: OtpSignInFormProps) {
  const { auth } = useStores();
  const navigate = useNavigate();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [unproven, setUnproven] = useState<string | null>(null);

  /** Resolves to whether the code went out; the other outcomes are handled here. */
  const send = async (mobile: string): Promise<boolean> => {
    const result = await auth.sendLoginOtp(mobile);
    setUnproven(result.mobileUnproven ? messageOf(result.message, MESSAGES.mobileUnproven) : null);
    if (result.mobileUnproven) {
      setSentTo(null);
      return false;
    }
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

  if (sentTo !== null) {
    return (
      <CodeStep
        idPrefix="signin-otp"
        mobile={sentTo}
        title="Verify OTP"
        submitLabel="Verify OTP"
        busyLabel="Verifying…"
        // Spec §4: success sets verified and authenticated.
        onVerify={async (otp) => {
          const res = await auth.verifyLoginOtp({ mobile: sentTo, otp });
          notify.success(messageOf(res, MESSAGES.otpVerified));
          onSignedIn();
        }}
        failure={MESSAGES.otpVerificationFailed}
        onResend={() => send(sentTo)}
        onBack={() => setSentTo(null)}
        backLabel="Change number"
      />
    );
  }
  return (
    <>
      {unproven && (
        <div className="acc-form__notice" role="alert">
          <p>{unproven}</p>
          <button type="button" className="acc-btn acc-btn--primary" onClick={onUseEmail}>
            Sign in with email &amp; password
          </button>
        </div>
      )}
      <MobileStep
        onSend={async (mobile) => {
          if (await send(mobile)) setSentTo(mobile);
        }}
      />
    </>
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
