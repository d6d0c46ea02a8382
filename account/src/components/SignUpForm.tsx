import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import {
  MESSAGES,
  fieldErrorsOf,
  messageOf,
  notify,
  useStores,
  type RegisterPayload,
  useForm,
  type UseFormResult,
} from '@storefront/shared';
import { CodeStep } from './CodeStep';
import { FormActions } from './FormActions';
import { FormField } from './FormField';
import './SignUpForm.css';

export interface SignUpValues extends Record<string, unknown> {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  mobile: string;
  terms: boolean;
}

interface SignUpFormProps {
  /** Unique per place the form is shown (page, modal), so ids never clash. */
  idPrefix: string;
  /** A mobile number to start with (the OTP sign-in's 'not registered' path, spec §4). */
  initialMobile?: string;
  /** Runs after a successful registration (the page goes to /signin, the modal closes). */
  onRegistered: () => void;
}

/**
 * The registration form of spec §5, used by the sign-up page and the sign-up modal. Sign-up proves the
 * mobile (issue 34): once the fields validate, the server checks them and sends a code to the mobile;
 * the account is created with that code, so the mobile signs in by OTP from the start.
 */
export const SignUpForm = observer(function SignUpForm({ idPrefix, initialMobile = '', onRegistered }: SignUpFormProps) {
  const { auth } = useStores();
  /** The registration waiting for its code; null while the details are being filled in. */
  const [awaitingCode, setAwaitingCode] = useState<RegisterPayload | null>(null);
  const form = useForm<SignUpValues>(
    (v) => v.registrationSchema,
    {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      mobile: initialMobile,
      terms: false,
    },
    { failure: MESSAGES.registrationFailed },
  );
  const { values, errors, onChange, setValues, setErrors } = form;

  // A mobile handed over after the first render (the page reads router state once hydrated) fills the
  // field, unless the shopper has typed one already.
  useEffect(() => {
    if (initialMobile) setValues((v) => (v.mobile ? v : { ...v, mobile: initialMobile }));
  }, [initialMobile, setValues]);

  /** Sends the code; a refusal rejects (the form puts field errors on their fields, a resend toasts). */
  const sendCode = async (payload: RegisterPayload): Promise<void> => {
    const res = await auth.sendSignUpOtp(payload);
    // Spec §8: the OTP-send success toast shows the OTP value from the response (development only).
    const message = messageOf(res, MESSAGES.otpSent);
    notify.success(res.data?.otp ? `${message}: ${res.data.otp}` : message);
  };

  const submit = form.handleSubmit(async (v) => {
    const payload = {
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      email: v.email.trim(),
      password: v.password,
      mobile: v.mobile.trim(),
    };
    await sendCode(payload);
    setAwaitingCode(payload);
  });

  if (awaitingCode) {
    return (
      <SignUpCodeStep
        idPrefix={idPrefix}
        registration={awaitingCode}
        resend={() => sendCode(awaitingCode)}
        onRegistered={onRegistered}
        onRefused={(details) => {
          setAwaitingCode(null);
          setErrors(details);
        }}
        onBack={() => setAwaitingCode(null)}
      />
    );
  }

  return (
    <form className="acc-form acc-signup-form" onSubmit={submit} noValidate aria-label="Create account">
      <div className="acc-form__row">
        <FormField idPrefix={idPrefix} {...form.field('firstName')} label="First name" autoComplete="given-name" />
        <FormField idPrefix={idPrefix} {...form.field('lastName')} label="Last name" autoComplete="family-name" />
      </div>
      <FormField idPrefix={idPrefix} {...form.field('email')} type="email" label="Email" autoComplete="email" />
      <FormField
        idPrefix={idPrefix}
        {...form.field('password')}
        type="password"
        label="Password"
        autoComplete="new-password"
        hint="At least 6 characters with one special character."
      />
      <FormField
        idPrefix={idPrefix}
        {...form.field('mobile')}
        type="tel"
        inputMode="numeric"
        label="Mobile number"
        autoComplete="tel-national"
        maxLength={10}
      />
      <TermsCheck idPrefix={idPrefix} checked={values.terms} onChange={onChange} error={errors.terms} />
      <FormActions error={form.formError} submitting={form.submitting} label="Create account" busyLabel="Sending OTP…" />
    </form>
  );
});

interface CodeStepProps {
  idPrefix: string;
  registration: RegisterPayload;
  resend: () => Promise<void>;
  onRegistered: () => void;
  /** The details were taken meanwhile: back to the form with the fields they concern. */
  onRefused: (details: Partial<Record<keyof SignUpValues, string>>) => void;
  onBack: () => void;
}

/** The code sent to the mobile: the account is created with it (spec §4 sign-up). */
function SignUpCodeStep({ idPrefix, registration, resend, onRegistered, onRefused, onBack }: CodeStepProps) {
  const { auth } = useStores();
  return (
    <CodeStep
      idPrefix={`${idPrefix}-otp`}
      mobile={registration.mobile}
      title="Verify mobile number"
      submitLabel="Verify and create account"
      busyLabel="Creating account…"
      // Spec §4: the auth store keeps the user and authenticates only without an email_verification_token.
      onVerify={async (otp) => {
        try {
          const res = await auth.register({ ...registration, otp });
          notify.success(messageOf(res, MESSAGES.registrationSuccess));
          onRegistered();
        } catch (err) {
          // Taken meanwhile (an e-mail, a mobile proved by somebody else): back to the field it concerns.
          const { otp: _code, ...details } = fieldErrorsOf(err);
          if (Object.keys(details).length === 0) throw err;
          onRefused(details);
        }
      }}
      failure={MESSAGES.registrationFailed}
      onResend={() => resend().catch((err: unknown) => notify.error(messageOf(err, MESSAGES.sendOtpFailed)))}
      onBack={onBack}
      backLabel="Change details"
    />
  );
}

interface TermsProps {
  idPrefix: string;
  checked: boolean;
  onChange: UseFormResult<SignUpValues>['onChange'];
  error: string | undefined;
}

/** "I accept the terms & conditions", required by spec §5, with its message under it. */
function TermsCheck({ idPrefix, checked, onChange, error }: TermsProps) {
  return (
    <div className={`acc-check${error ? ' acc-check--invalid' : ''}`}>
      <input
        id={`${idPrefix}-terms`}
        name="terms"
        type="checkbox"
        checked={checked}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${idPrefix}-terms-error` : undefined}
      />
      <label htmlFor={`${idPrefix}-terms`}>I accept the terms &amp; conditions</label>
      {error && (
        <p id={`${idPrefix}-terms-error`} className="acc-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
