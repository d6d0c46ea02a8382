import { observer } from 'mobx-react-lite';
import { MESSAGES, messageOf, notify, registrationSchema, useStores } from '@storefront/shared';
import { useForm } from '../hooks/useForm';
import { FormError } from './FormError';
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
  const form = useForm<SignUpValues>(registrationSchema, {
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    mobile: initialMobile,
    terms: false,
  }, { failure: MESSAGES.registrationFailed });
  const { values, errors, onChange, submitting } = form;

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
        <FormField idPrefix={idPrefix} name="firstName" label="First name" autoComplete="given-name" value={values.firstName} onChange={onChange} error={errors.firstName} />
        <FormField idPrefix={idPrefix} name="lastName" label="Last name" autoComplete="family-name" value={values.lastName} onChange={onChange} error={errors.lastName} />
      </div>
      <FormField idPrefix={idPrefix} name="email" type="email" label="Email" autoComplete="email" value={values.email} onChange={onChange} error={errors.email} />
      <FormField idPrefix={idPrefix} name="password" type="password" label="Password" autoComplete="new-password" value={values.password} onChange={onChange} error={errors.password} hint="At least 6 characters with one special character." />
      <FormField idPrefix={idPrefix} name="mobile" type="tel" inputMode="numeric" label="Mobile number" autoComplete="tel-national" maxLength={10} value={values.mobile} onChange={onChange} error={errors.mobile} />
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
      <FormError message={form.formError} />
      <button type="submit" className="acc-btn acc-btn--primary" disabled={submitting}>
        {submitting ? 'Creating account…' : 'Create account'}
      </button>
    </form>
  );
});
