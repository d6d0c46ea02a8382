import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { MESSAGES, messageOf, notify, useStores } from '@storefront/shared';
import { useForm } from '../hooks/useForm';
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

/** The registration form of spec §5, used by the sign-up page and the sign-up modal. */
export const SignUpForm = observer(function SignUpForm({ idPrefix, initialMobile = '', onRegistered }: SignUpFormProps) {
  const { auth } = useStores();
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
  const { values, errors, onChange, setValues } = form;

  // A mobile handed over after the first render (the page reads router state once hydrated) fills the
  // field, unless the shopper has typed one already.
  useEffect(() => {
    if (initialMobile) setValues((v) => (v.mobile ? v : { ...v, mobile: initialMobile }));
  }, [initialMobile, setValues]);

  // Spec §4: the auth store keeps the user and authenticates only without an email_verification_token.
  const submit = form.handleSubmit(async (v) => {
    const res = await auth.register({
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      email: v.email.trim(),
      password: v.password,
      mobile: v.mobile.trim(),
    });
    notify.success(messageOf(res, MESSAGES.registrationSuccess));
    onRegistered();
  });

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
      <div className={`acc-check${errors.terms ? ' acc-check--invalid' : ''}`}>
        <input
          id={`${idPrefix}-terms`}
          name="terms"
          type="checkbox"
          checked={values.terms}
          onChange={onChange}
          aria-invalid={errors.terms ? true : undefined}
          aria-describedby={errors.terms ? `${idPrefix}-terms-error` : undefined}
        />
        <label htmlFor={`${idPrefix}-terms`}>I accept the terms &amp; conditions</label>
        {errors.terms && (
          <p id={`${idPrefix}-terms-error`} className="acc-field__error">
            {errors.terms}
          </p>
        )}
      </div>
      <FormActions error={form.formError} submitting={form.submitting} label="Create account" busyLabel="Creating account…" />
    </form>
  );
});
