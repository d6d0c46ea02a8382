import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Field, loadValidation, prefetchValidation, useStores } from '@storefront/shared';
import type { CheckoutStore } from '../../stores/CheckoutStore';
import './GuestVerification.css';

/**
 * Guest mobile verification at checkout (spec §4): send a one-time code, verify it. An existing
 * customer is signed in by the verify; a new one gives names and e-mail in the form above and becomes a
 * customer when placing the order, or creates an account first in the sign-up modal (spec §2 overlays),
 * which leaves the checkout where it is.
 */
export const GuestVerification = observer(function GuestVerification({ store }: { store: CheckoutStore }) {
  const { ui } = useStores();
  if (store.otpStep === 'details') {
    return (
      <p className="cc-otp__status cc-otp__status--info" role="status">
        Mobile {store.otpMobile} verified. Your account is created with the name and e-mail below when you place the order.
      </p>
    );
  }
  if (store.otpStep === 'done') {
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
      <CodeSteps store={store} />
    </>
  );
});

/** Spec §5's message for one field (mobile or OTP), once the shared schemas have loaded. */
async function problemWith(field: 'mobile' | 'otp', value: string): Promise<string | undefined> {
  const v = await loadValidation();
  return field === 'mobile'
    ? v.validateField(v.mobileSchema, field, { mobile: value })
    : v.validateField(v.otpSchema, field, { otp: value });
}

/** The mobile with Send OTP (or Change number), then the code with Verify and Resend. */
const CodeSteps = observer(function CodeSteps({ store }: { store: CheckoutStore }) {
  const [mobile, setMobile] = useState(store.otpMobile);
  const [otp, setOtp] = useState('');
  const [mobileError, setMobileError] = useState<string>();
  const [otpError, setOtpError] = useState<string>();
  const codeStep = store.otpStep === 'code';

  const send = async () => {
    const value = mobile.trim();
    const err = await problemWith('mobile', value);
    setMobileError(err);
    if (!err && (await store.sendOtp(value))) setOtp('');
  };

  const verify = async () => {
    const value = otp.trim();
    const err = await problemWith('otp', value);
    setOtpError(err);
    if (!err && !(await store.verifyOtp(value))) setOtpError(store.otpError ?? undefined);
  };

  return (
    <>
      <div className="cc-otp__row">
        <DigitsField id="cc-mobile" label="Mobile number" error={mobileError} value={mobile} onValue={setMobile} readOnly={codeStep} />
        {codeStep ? (
          <button type="button" className="cc-btn cc-btn--link" onClick={store.changeMobile}>
            Change number
          </button>
        ) : (
          <button type="button" className="cc-btn" onClick={() => void send()} disabled={store.otpBusy}>
            {store.otpBusy ? 'Sending…' : 'Send OTP'}
          </button>
        )}
      </div>
      {codeStep ? (
        <div className="cc-otp__row">
          <DigitsField id="cc-otp" label="OTP" error={otpError} value={otp} onValue={setOtp} />
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

interface DigitsFieldProps {
  id: 'cc-mobile' | 'cc-otp';
  label: string;
  error: string | undefined;
  value: string;
  onValue: (value: string) => void;
  readOnly?: boolean;
}

/** The mobile (10 digits) or the code (6): digits only, the number pad, filled by the browser when it can. */
function DigitsField({ id, label, error, value, onValue, readOnly }: DigitsFieldProps) {
  const mobile = id === 'cc-mobile';
  return (
    <Field classPrefix="cc-field" id={id} label={label} error={error}>
      {(aria) => (
        <input
          name={mobile ? 'mobile' : 'otp'}
          {...(mobile ? { type: 'tel' } : {})}
          inputMode="numeric"
          autoComplete={mobile ? 'tel-national' : 'one-time-code'}
          maxLength={mobile ? 10 : 6}
          value={value}
          readOnly={readOnly}
          onChange={(e) => {
            // The schemas load while the shopper types, ready for Send or Verify.
            prefetchValidation();
            onValue(e.target.value.replace(/\D/g, ''));
          }}
          {...aria}
        />
      )}
    </Field>
  );
}
