import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Field, useStores } from '@storefront/shared';
import type { CheckoutStore } from '../../stores/CheckoutStore';
import { loadValidation, prefetchValidation } from '../../lib/validation';
import './GuestVerification.css';

/**
 * Guest mobile verification at checkout (spec §4): send a one-time code, verify it. An existing
 * customer is signed in by the verify; a new one gives names and e-mail in the form above and becomes a
 * customer when placing the order, or creates an account first in the sign-up modal (spec §2 overlays),
 * which leaves the checkout where it is.
 */
export const GuestVerification = observer(function GuestVerification({ store }: { store: CheckoutStore }) {
  const { ui } = useStores();
  const [mobile, setMobile] = useState(store.otpMobile);
  const [otp, setOtp] = useState('');
  const [mobileError, setMobileError] = useState<string>();
  const [otpError, setOtpError] = useState<string>();
  const step = store.otpStep;

  const send = async () => {
    const value = mobile.trim();
    const v = await loadValidation();
    const err = v.validateField(v.mobileSchema, 'mobile', { mobile: value });
    setMobileError(err);
    if (err) return;
    if (await store.sendOtp(value)) setOtp('');
  };

  const verify = async () => {
    const value = otp.trim();
    const v = await loadValidation();
    const err = v.validateField(v.otpSchema, 'otp', { otp: value });
    setOtpError(err);
    if (err) return;
    if (!(await store.verifyOtp(value))) setOtpError(store.otpError ?? undefined);
  };

  if (step === 'details') {
    return (
      <p className="cc-otp__status cc-otp__status--info" role="status">
        Mobile {store.otpMobile} verified. Your account is created with the name and e-mail below when you place the order.
      </p>
    );
  }
  if (step === 'done') {
    return (
      <p className="cc-otp__status" role="status">
        Mobile {store.otpMobile} verified. You are signed in.
      </p>
    );
  }

  return (
    <>
      <p>Verify your mobile number with a one-time code to place the order.</p>
      <p className="cc-otp__account">
        New here?{' '}
        <button type="button" className="cc-btn cc-btn--link" onClick={ui.openSignUpModal}>
          Create an account
        </button>{' '}
        to save your address and follow your orders; your cart stays as it is.
      </p>
      <div className="cc-otp__row">
        <Field classPrefix="cc-field" id="cc-mobile" label="Mobile number" error={mobileError}>
          {(aria) => (
            <input
              name="mobile"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={10}
              value={mobile}
              readOnly={step === 'code'}
              onChange={(e) => {
                prefetchValidation();
                setMobile(e.target.value.replace(/\D/g, ''));
              }}
              {...aria}
            />
          )}
        </Field>
        {step === 'mobile' ? (
          <button type="button" className="cc-btn" onClick={() => void send()} disabled={store.otpBusy}>
            {store.otpBusy ? 'Sending…' : 'Send OTP'}
          </button>
        ) : (
          <button type="button" className="cc-btn cc-btn--link" onClick={store.changeMobile}>
            Change number
          </button>
        )}
      </div>
      {step === 'code' ? (
        <div className="cc-otp__row">
          <Field classPrefix="cc-field" id="cc-otp" label="OTP" error={otpError}>
            {(aria) => (
              <input
                name="otp"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={otp}
                onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
                {...aria}
              />
            )}
          </Field>
          <button type="button" className="cc-btn" onClick={() => void verify()} disabled={store.otpBusy}>
            {store.otpBusy ? 'Verifying…' : 'Verify OTP'}
          </button>
          <button
            type="button"
            className="cc-btn cc-btn--link"
            onClick={() => void store.sendOtp(store.otpMobile)}
            disabled={store.otpBusy}
          >
            Resend OTP
          </button>
        </div>
      ) : null}
    </>
  );
});
