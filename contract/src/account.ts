// Wire shapes of accounts: the customer, sign-in and registration (spec §3 AuthData, §7).

export interface ShippingAddress {
  address: string;
  pincode: string;
  city: string;
  state: string;
  alt_phone_number?: string | null;
}

export interface Customer {
  id: number;
  firstname: string;
  lastname: string;
  email: string | null;
  phone_number: string | null;
  alt_phone_number: string | null;
  shipping_address: ShippingAddress | null;
  /** Whether `phone_number` was proved by an OTP: only a verified mobile signs in by OTP. */
  mobile_verified?: boolean;
  /** The new e-mail asked for, still to be proved by the OTP sent to it (`email` stays until then). */
  pending_email?: string | null;
}

export interface AuthData {
  token: string;
  customer: Customer;
  email_verification_token?: string | null;
  is_existing_customer?: boolean;
}

export interface RegisterPayload {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  mobile: string;
  /**
   * The code `POST /customer/register/send-otp` sent to `mobile` (issue 34): the account then holds the
   * mobile verified, so it signs in by OTP. Without it the mobile stays unproven until My Account verifies it.
   */
  otp?: string;
}

/**
 * `POST /login/otp`'s 409 for a mobile an account holds without having proved it (issue 34): the sign-in
 * page shows it and offers the e-mail sign-in, not sign-up.
 */
export const MOBILE_UNPROVEN_MESSAGE =
  'This mobile number is not verified yet. Sign in with your email and password and verify this number in My Account.';
