import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Field, MESSAGES, messageOf, notify, useStores } from '@storefront/shared';

interface Props {
  /** The signed-in customer's mobile the parcel is booked to. */
  mobile: string;
  /** The owner's threshold, as shown ("₹2,000"). */
  threshold: string;
}

/**
 * Issue 39: a cash order above the owner's threshold needs the mobile proved by a one-time code on this
 * session (the server checks it in the checkout transaction). A guest proved it at the checkout's OTP step;
 * a customer signed in with a password confirms it here, with the same code My Account uses.
 */
export const CodMobileConfirm = observer(function CodMobileConfirm({ mobile, threshold }: Props) {
  const { auth } = useStores();
  const [step, setStep] = useState<'offer' | 'code' | 'done'>('offer');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setBusy(true);
    try {
      const res = await auth.sendMobileOtp(mobile);
      const otp = res.data?.otp;
      notify.success(otp ? `${messageOf(res, MESSAGES.otpSent)}: ${otp}` : messageOf(res, MESSAGES.otpSent));
      setStep('code');
    } catch (err) {
      notify.error(messageOf(err, MESSAGES.sendOtpFailed));
    } finally {
      setBusy(false);
    }
  };

  const verify = async () => {
    setBusy(true);
    setError(null);
    try {
      await auth.verifyMobile({ mobile, otp: code.trim() });
      setStep('done');
    } catch (err) {
      setError(messageOf(err, MESSAGES.otpVerificationFailed));
    } finally {
      setBusy(false);
    }
  };

  if (step === 'done') return <p className="cc-cod-confirm">Mobile {mobile} confirmed for cash on delivery.</p>;
  return (
    <div className="cc-cod-confirm">
      <p>
        Cash on delivery for orders over {threshold} needs your mobile {mobile} confirmed with a one-time code.
      </p>
      {step === 'offer' ? (
        <button type="button" className="cc-btn cc-btn--ghost" onClick={() => void send()} disabled={busy}>
          {busy ? 'Sending…' : 'Send code'}
        </button>
      ) : (
        <Field classPrefix="cc-field" id="cc-cod-otp" label="One-time code" error={error}>
          {(aria) => (
            <span className="cc-cod-confirm__row">
              <input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                {...aria}
              />
              <button type="button" className="cc-btn" onClick={() => void verify()} disabled={busy}>
                {busy ? 'Confirming…' : 'Confirm mobile'}
              </button>
            </span>
          )}
        </Field>
      )}
    </div>
  );
});
