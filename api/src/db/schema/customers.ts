import type { Generated } from 'kysely';

// Customers and what they hold: sessions, resets, one-time codes, cart, wishlist, saved addresses.

export interface CustomerTable {
  id: Generated<number>;
  firstname: string;
  lastname: string;
  email: string | null;
  phone_number: string | null;
  alt_phone_number: string | null;
  password_hash: string | null;
  address: string | null;
  pincode: string | null;
  city: string | null;
  state: string | null;
  address_alt_phone: string | null;
  created_at: string;
  updated_at: string;
  /** Set once an OTP to `phone_number` was verified: only then is the mobile a sign-in identity. */
  mobile_verified_at: string | null;
  /** The new e-mail asked for, until the code sent to it is entered (`email` stays until then). */
  pending_email: string | null;
}

export interface SessionTable {
  id: Generated<number>;
  customer_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** When this session proved its mobile by OTP (created by an OTP verification). */
  otp_verified_at: string | null;
}

export interface PasswordResetTable {
  id: Generated<number>;
  customer_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface OtpTable {
  id: Generated<number>;
  mobile: string;
  purpose: string;
  code_hash: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
}

export interface CartItemTable {
  id: Generated<number>;
  customer_id: number;
  product_id: number;
  variation_id: number;
  quantity: number;
  created_at: string;
  updated_at: string;
}

export interface WishlistTable {
  id: Generated<number>;
  customer_id: number;
  product_id: number;
  created_at: string;
}

/** A saved address (issue 39, migration 024); the default one is mirrored in the customer's own columns. */
export interface CustomerAddressTable {
  id: Generated<number>;
  customer_id: number;
  label: string;
  address: string;
  pincode: string;
  city: string;
  state: string;
  alt_phone_number: string | null;
  is_default: number;
  created_at: string;
  updated_at: string;
}
