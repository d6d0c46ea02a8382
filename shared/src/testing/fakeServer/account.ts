import type { Api } from '../../api/Api';
import { ApiError } from '../../api/errors';
import { MESSAGES } from '../../messages';
import { ok, type FakeServer } from './server';

type RegistrationCalls = 'sendSignUpOtp' | 'register' | 'verifyCheckoutOtp';

/** Sign-up, and the checkout's OTP that makes a customer of a new mobile. */
export function registrationCalls({ state, session }: FakeServer): Pick<Api, RegistrationCalls> {
  return {
    sendSignUpOtp: async (p) => {
      if (state.customers.some((c) => c.email === p.email))
        throw new ApiError(400, ['The email has already been taken.'], { email: 'The email has already been taken.' });
      return ok({ otp: state.otp }, 'OTP sent successfully');
    },
    register: async (p) => {
      if (state.customers.some((c) => c.email === p.email))
        throw new ApiError(400, ['The email has already been taken.'], { email: 'The email has already been taken.' });
      // As the server (issue 34): a code from sendSignUpOtp proves the mobile; without one it stays unproven.
      if (p.otp !== undefined && p.otp !== state.otp) throw new ApiError(400, ['Invalid OTP'], { otp: 'Invalid OTP' });
      const c = {
        id: state.customers.length + 1,
        firstname: p.firstName,
        lastname: p.lastName,
        email: p.email,
        phone_number: p.mobile,
        alt_phone_number: p.mobile,
        shipping_address: null,
        mobile_verified: p.otp !== undefined,
        password: p.password,
      };
      state.customers.push(c);
      return ok(session(c), 'Registration successful');
    },
    verifyCheckoutOtp: async (p) => {
      if (p.otp !== state.otp) throw new ApiError(400, ['Invalid OTP']);
      let c = state.customers.find((x) => x.phone_number === p.mobile);
      const existing = !!c;
      if (!c) {
        c = {
          id: state.customers.length + 1,
          firstname: '',
          lastname: '',
          email: null,
          phone_number: p.mobile,
          alt_phone_number: p.mobile,
          shipping_address: null,
          password: '',
        };
        state.customers.push(c);
      }
      return ok(session(c, { is_existing_customer: existing }), 'OTP verified successfully');
    },
  };
}

type SignInCalls =
  'login' | 'logout' | 'forgotPassword' | 'resetPasswordWithToken' | 'changePassword' | 'sendOtp' | 'sendLoginOtp' | 'verifyLoginOtp';

/** Password and OTP sign-in, sign-out and the password's reset. */
export function signInCalls({ state, customer, session }: FakeServer): Pick<Api, SignInCalls> {
  return {
    login: async (p) => {
      const c = state.customers.find((x) => x.email === p.email && x.password === p.password);
      if (!c) throw new ApiError(401, ['Invalid email or password']);
      return ok(session(c), 'Login successful.');
    },
    logout: async () => {
      state.sessionCustomerId = null;
      return ok(undefined, 'Logout successful');
    },
    forgotPassword: async () => ok({ reset_token: 'reset-token-1' }, 'If the e-mail is registered, a reset link is on its way.'),
    resetPasswordWithToken: async (p) => {
      if (p.token !== 'reset-token-1') throw new ApiError(400, ['This reset link is invalid or has expired.']);
      return ok(undefined, 'Password reset successfully');
    },
    changePassword: async (p) => {
      const c = customer();
      if (c.password !== p.old_password)
        throw new ApiError(400, ['Old password is incorrect'], { old_password: 'Old password is incorrect' });
      c.password = p.new_password;
      return ok(undefined, 'Password changed successfully');
    },
    sendOtp: async () => ok({ otp: state.otp }, 'OTP sent successfully'),
    sendLoginOtp: async (mobile) => {
      const holder = state.customers.find((c) => c.phone_number === mobile);
      if (!holder) throw new ApiError(404, ['Mobile number is not registered. Please sign up.']);
      // As the server (issue 34): a mobile the account never proved does not sign in by code.
      if (holder.mobile_verified === false) throw new ApiError(409, [MESSAGES.mobileUnproven], { mobile: MESSAGES.mobileUnproven });
      return ok({ otp: state.otp }, 'OTP sent successfully');
    },
    verifyLoginOtp: async (p) => {
      if (p.otp !== state.otp) throw new ApiError(400, ['Invalid OTP']);
      const c = state.customers.find((x) => x.phone_number === p.mobile);
      if (!c) throw new ApiError(404, ['Mobile number is not registered. Please sign up.']);
      return ok(session(c), 'OTP verified successfully');
    },
  };
}

type ProfileCalls =
  | 'updateUserDetails'
  | 'verifyEmail'
  | 'getProfile'
  | 'sendMobileOtp'
  | 'verifyMobile'
  | 'saveShippingAddress'
  | 'getShippingAddress'
  | 'updateAccountDetails';

/** The signed-in customer's own details: names, e-mail, mobile and the shipping address. */
export function profileCalls({ state, customer, publicCustomer }: FakeServer): Pick<Api, ProfileCalls> {
  return {
    updateUserDetails: async ({ current_password, password, ...p }) => {
      const c = customer();
      // As the server (issue 13): a new e-mail or password needs the current password when there is one.
      if ((p.email !== c.email || password) && c.password) {
        if (!current_password)
          throw new ApiError(400, ['Current password is required'], { current_password: 'Current password is required' });
        if (current_password !== c.password)
          throw new ApiError(400, ['Current password is incorrect'], { current_password: 'Current password is incorrect' });
      }
      // As the server: an account that has an e-mail keeps it until the new one is proved by its code.
      const proveEmail = c.email !== null && p.email !== c.email;
      Object.assign(c, proveEmail ? { ...p, email: c.email, pending_email: p.email } : p);
      if (password) c.password = password;
      if (!proveEmail) return ok({ customer: publicCustomer(c) }, 'Details updated successfully');
      return ok(
        { customer: publicCustomer(c), pending_email: p.email, otp: state.otp },
        `We sent an OTP to ${p.email}. Enter it to change your email.`,
      );
    },
    verifyEmail: async (p) => {
      const c = customer();
      if (!c.pending_email || c.pending_email !== p.email)
        throw new ApiError(400, ['Please request an OTP first'], { otp: 'Please request an OTP first' });
      if (p.otp !== state.otp) throw new ApiError(400, ['Invalid OTP'], { otp: 'Invalid OTP' });
      Object.assign(c, { email: p.email, pending_email: null });
      return ok({ customer: publicCustomer(c) }, 'Email updated successfully');
    },
    sendMobileOtp: async () => {
      customer();
      return ok({ otp: state.otp }, 'OTP sent successfully');
    },
    verifyMobile: async (p) => {
      const c = customer();
      if (p.otp !== state.otp) throw new ApiError(400, ['Invalid OTP'], { otp: 'Invalid OTP' });
      Object.assign(c, { phone_number: p.mobile, mobile_verified: true });
      return ok({ customer: publicCustomer(c) }, 'Mobile number verified successfully');
    },
    saveShippingAddress: async (a) => {
      const c = customer();
      c.shipping_address = { ...a };
      return ok({ customer: publicCustomer(c) }, 'Shipping address saved');
    },
    getProfile: async () => ok({ customer: publicCustomer(customer()) }),
    getShippingAddress: async () => ok({ data: customer().shipping_address }),
    updateAccountDetails: async (p) => {
      const c = customer();
      Object.assign(c, p);
      return ok({ customer: publicCustomer(c) }, 'Account details updated');
    },
  };
}
