import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { CheckoutStore } from '../../stores/CheckoutStore';
import { FormField, fieldAria } from '../FormField/FormField';
import './GuestVerification.css';

const MOBILE_RE = /^[1-9]\d{9}$/;
export const MSG_MOBILE_INVALID = 'Must be a valid 10-digit number';
export const MSG_MOBILE_REQUIRED = 'Phone number is required';
export const MSG_OTP_REQUIRED = 'Please enter the OTP';

/**
 * Guest mobile verification at checkout (spec §4): send a one-time code, verify it. An existing
 * customer is signed in by the verify; a new one completes names and e-mail when placing the order.
 */
export const GuestVerification = observer(function GuestVerification({ store }: { store: CheckoutStore }) {
  const [mobile, setMobile] = useState(store.otpMobile);
  const [otp, setOtp] = useState('');
  const [mobileError, setMobileError] = useState<string>();
  const [otpError, setOtpError] = useState<string>();
  const step = store.otpStep;

  const send = async () => {
    const value = mobile.trim();
    const err = !value ? MSG_MOBILE_REQUIRED : MOBILE_RE.test(value) ? undefined : MSG_MOBILE_INVALID;
    setMobileError(err);
    if (err) return;
    if (await store.sendOtp(value)) setOtp('');
  };

  const verify = async () => {
    const value = otp.trim();
    setOtpError(value ? undefined : MSG_OTP_REQUIRED);
    if (!value) return;
    const ok = await store.verifyOtp(value);
    if (!ok) setOtpError(store.otpError ?? undefined);
  };

  if (step === 'details') {
    return (
      <p className="cc-otp__status cc-otp__status--info" role="status">
        Mobile {store.otpMobile} verified. We will create your account with the name and e-mail above when you place the order.
      </p>
    );
  }
  if (step === 'done') {
    return (
      <p className="cc-otp__status" role="status">
        Mobile {store.otpMobile} verified.
      </p>
    );
  }

  return (
    <>
      <p>Verify your mobile number with a one-time code to place the order.</p>
      <div className="cc-otp__row">
        <FormField id="cc-mobile" label="Mobile number" error={mobileError}>
          <input
            id="cc-mobile"
            name="mobile"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            value={mobile}
            readOnly={step === 'code'}
            onChange={(e) => setMobile(e.target.value.replace(/\D/g, ''))}
            {...fieldAria('cc-mobile', mobileError)}
          />
        </FormField>
        {step === 'mobile' ? (
          <button type="button" className="cc-btn" onClick={() => void send()} disabled={store.otpBusy}>
            {store.otpBusy ? 'Sending…' : 'Send OTP'}
          </button>
        ) : (
          <button type="button" className="cc-btn cc-btn--link" onClick={() => store.setOtpStep('mobile')}>
            Change number
          </button>
        )}
      </div>
      {step === 'code' && (
        <div className="cc-otp__row">
          <FormField id="cc-otp" label="OTP" error={otpError}>
            <input
              id="cc-otp"
              name="otp"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={otp}
              onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
              {...fieldAria('cc-otp', otpError)}
            />
          </FormField>
          <button type="button" className="cc-btn" onClick={() => void verify()} disabled={store.otpBusy}>
            {store.otpBusy ? 'Verifying…' : 'Verify OTP'}
          </button>
          <button type="button" className="cc-btn cc-btn--link" onClick={() => void store.sendOtp(store.otpMobile)} disabled={store.otpBusy}>
            Resend OTP
          </button>
        </div>
      )}
    </>
  );
});
