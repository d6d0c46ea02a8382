import * as yup from 'yup';
import { ADDRESS_LABEL_MAX, CANCEL_REASONS, gstinProblem } from '../constants';

/** Spec §5 form messages, word for word. */
export const VALIDATION = {
  emailRequired: 'Email is required',
  emailInvalid: 'Must be a valid email address',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 6 characters',
  passwordSpecial: 'Must contain at least one special character',
  required: 'This field is required',
  nameMin: 'Must be at least 2 characters',
  nameMax: 'Cannot exceed 50 characters',
  phoneInvalid: 'Must be a valid 10-digit number',
  phoneRequired: 'Phone number is required',
  pincodeInvalid: 'Must be a valid 6-digit pincode',
  pincodeRequired: 'Pincode is required',
  terms: 'Please accept the terms & conditions',
  passwordsMatch: 'Passwords must match',
  oldPasswordRequired: 'Old password is required',
  currentPasswordRequired: 'Current password is required',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  reasonRequired: 'Please select a reason',
  reasonInvalid: 'Please select a valid reason',
  reasonSpecify: 'Please specify your reason',
  reasonEmpty: 'Reason cannot be empty',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE = /^[1-9]\d{9}$/;
const PINCODE = /^\d{6}$/;
const SPECIAL = /[^A-Za-z0-9\s]/;

export const emailField = () => yup.string().trim().required(VALIDATION.emailRequired).matches(EMAIL, VALIDATION.emailInvalid);
export const passwordField = () =>
  yup.string().required(VALIDATION.passwordRequired).min(6, VALIDATION.passwordMin).matches(SPECIAL, VALIDATION.passwordSpecial);
export const nameField = () => yup.string().trim().required(VALIDATION.required).min(2, VALIDATION.nameMin).max(50, VALIDATION.nameMax);
export const phoneField = () => yup.string().trim().required(VALIDATION.phoneRequired).matches(PHONE, VALIDATION.phoneInvalid);
export const optionalPhoneField = () =>
  yup
    .string()
    .trim()
    .test('phone', VALIDATION.phoneInvalid, (v) => !v || PHONE.test(v));
export const pincodeField = () => yup.string().trim().required(VALIDATION.pincodeRequired).matches(PINCODE, VALIDATION.pincodeInvalid);

/** Login: email and a required password only (spec §5). */
export const loginSchema = yup.object({
  email: emailField(),
  password: yup.string().required(VALIDATION.passwordRequired),
});

/** Registration (spec §5), with mobile. */
export const registrationSchema = yup.object({
  firstName: nameField(),
  lastName: nameField(),
  email: emailField(),
  password: passwordField(),
  mobile: phoneField(),
  terms: yup.boolean().oneOf([true], VALIDATION.terms).required(VALIDATION.terms),
});

/** The registration variant without mobile (spec §5). */
export const registrationWithoutMobileSchema = registrationSchema.omit(['mobile']);

export const mobileSchema = yup.object({ mobile: phoneField() });
export const otpSchema = yup.object({
  otp: yup
    .string()
    .trim()
    .required('Please enter the OTP')
    .matches(/^\d{6}$/, 'Invalid OTP'),
});

export const forgotPasswordSchema = yup.object({ email: emailField() });

export const resetPasswordSchema = yup.object({
  password: passwordField(),
  confirm_password: yup
    .string()
    .required(VALIDATION.required)
    .oneOf([yup.ref('password')], VALIDATION.passwordsMatch),
});

export const changePasswordSchema = yup.object({
  old_password: yup.string().required(VALIDATION.oldPasswordRequired),
  new_password: passwordField(),
  confirm_password: yup
    .string()
    .required(VALIDATION.required)
    .oneOf([yup.ref('new_password')], VALIDATION.passwordsMatch),
});

export const profileSchema = yup.object({ firstname: nameField(), lastname: nameField() });

/** A new e-mail needs the current password (issue 13); messages in the spec §5 style. */
export const changeEmailSchema = yup.object({
  email: emailField(),
  current_password: yup.string().required(VALIDATION.currentPasswordRequired),
});

/** Track order (spec §2): the order number is all it asks for (the page's own wording: §5 has none). */
export const trackOrderSchema = yup.object({ track_no: yup.string().trim().required('Please enter your order number') });

export const contactSchema = yup.object({
  firstname: nameField(),
  lastname: nameField(),
  email: emailField(),
  phone_number: phoneField(),
  subject: yup.string().trim().required(VALIDATION.subjectRequired),
  message: yup.string().trim().required(VALIDATION.messageRequired),
  subscribe: yup.boolean().default(false),
});

export const addressSchema = yup.object({
  address: yup.string().trim().required(VALIDATION.addressRequired),
  pincode: pincodeField(),
  city: yup.string().trim().required(VALIDATION.cityRequired),
  state: yup.string().trim().required(VALIDATION.stateRequired),
});

export const checkoutAddressSchema = yup.object({
  email: emailField(),
  firstname: nameField(),
  lastname: nameField(),
  address: yup.string().trim().required(VALIDATION.addressRequired),
  pincode: pincodeField(),
  alt_phone_number: optionalPhoneField(),
  city: yup.string().trim().required(VALIDATION.cityRequired),
  state: yup.string().trim().required(VALIDATION.stateRequired),
});

/** Issue 39: a saved address of the address book (its label and alternate phone optional). */
export const savedAddressSchema = addressSchema.shape({
  label: yup.string().trim().max(ADDRESS_LABEL_MAX, `Cannot exceed ${ADDRESS_LABEL_MAX} characters`),
  alt_phone_number: optionalPhoneField(),
});

/** Issue 39: a business buyer's GSTIN at checkout, optional; the contract's rule (format and check character). */
export const buyerGstinField = () =>
  yup
    .string()
    .trim()
    .uppercase()
    .test('gstin', (value, ctx) => {
      const problem = value ? gstinProblem(value) : null;
      return problem ? ctx.createError({ message: problem }) : true;
    });

export const cancelOrderSchema = yup.object({
  reject_reason_select: yup
    .string()
    .required(VALIDATION.reasonRequired)
    // A custom test rather than oneOf: an empty choice must say 'Please select a reason', not 'valid'.
    .test('known-reason', VALIDATION.reasonInvalid, (v) => !v || (CANCEL_REASONS as readonly string[]).includes(v)),
  reject_reason_input: yup.string().when('reject_reason_select', {
    is: 'Other',
    then: (s) => s.required(VALIDATION.reasonSpecify).trim().min(1, VALIDATION.reasonEmpty),
    otherwise: (s) => s.optional(),
  }),
});

export const newsletterSchema = yup.object({ email: emailField() });

export type LoginValues = yup.InferType<typeof loginSchema>;
export type RegistrationValues = yup.InferType<typeof registrationSchema>;
export type ResetPasswordValues = yup.InferType<typeof resetPasswordSchema>;
export type ChangePasswordValues = yup.InferType<typeof changePasswordSchema>;
export type ProfileValues = yup.InferType<typeof profileSchema>;
export type ContactValues = yup.InferType<typeof contactSchema>;
export type AddressValues = yup.InferType<typeof addressSchema>;
export type CheckoutAddressValues = yup.InferType<typeof checkoutAddressSchema>;
export type CancelOrderValues = yup.InferType<typeof cancelOrderSchema>;
