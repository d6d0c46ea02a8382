import type { Generated } from 'kysely';

// The shop's side: staff and their actions, notifications, delivery and COD rules, contact, rate-limit counters.

export interface StateTable {
  id: Generated<number>;
  name: string;
}

export interface CityTable {
  id: Generated<number>;
  state_id: number;
  name: string;
}

export interface ContactMessageTable {
  id: Generated<number>;
  firstname: string;
  lastname: string;
  email: string;
  phone_number: string;
  subject: string;
  message: string;
  subscribe: number;
  created_at: string;
}

export interface NewsletterTable {
  id: Generated<number>;
  email: string;
  created_at: string;
}

/** Counters of the rate limits (plugins/limits.ts); times in epoch milliseconds. */
export interface RateLimitTable {
  key: string;
  hits: number;
  reset_at: number | string;
  blocked_until: number | string;
}

/** The shop's staff (issue 38): `role` is a contract StaffRole; a disabled member cannot sign in. */
export interface StaffTable {
  id: Generated<number>;
  email: string;
  name: string;
  role: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
  disabled_at: string | null;
}

export interface StaffSessionTable {
  id: Generated<number>;
  staff_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** A sign-in between the password and the e-mailed code (the second factor). */
export interface StaffChallengeTable {
  id: Generated<number>;
  staff_id: number;
  token_hash: string;
  code_hash: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
}

/** One staff change: `before_state`/`after_state` are JSON of the subject as it was and became. */
export interface StaffActionTable {
  id: Generated<number>;
  staff_id: number | null;
  action: string;
  subject_type: string;
  subject_id: string;
  before_state: string | null;
  after_state: string | null;
  created_at: string;
}

/** A queued SMS or e-mail about an order (issue 38); times in epoch milliseconds. */
export interface NotificationTable {
  id: Generated<number>;
  order_id: number;
  event: string;
  channel: string;
  /** pending → sent, or failed after the last attempt. */
  status: string;
  attempts: number;
  next_attempt_at: number | string;
  claimed_until: number | string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** Issue 39 (migration 021): a pincode the shop delivers to; `cod` 0/1; courier days from its zone. */
export interface PincodeTable {
  pincode: string;
  district: string;
  state: string;
  zone: string;
  cod: number;
  min_days: number;
  max_days: number;
}

export interface CodExcludedPincodeTable {
  pincode: string;
  created_at: string;
}

export interface ShopHolidayTable {
  day: string;
  name: string;
}

/** One row (id 1): the delivery schedule and the cash-on-delivery rules; money in paise, null: rule off. */
export interface ShippingRulesTable {
  id: number;
  processing_days: number;
  closing_minute: number;
  cod_max_order: number | string | null;
  cod_fee: number;
  cod_rto_limit: number | null;
  cod_otp_above: number | string | null;
  updated_at: string;
}
