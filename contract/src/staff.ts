/**
 * The shop's staff (issue 38): what the API and the back office agree on. An owner does everything a
 * staff member does and also manages staff and reads the activity record.
 */

export const STAFF_ROLES = ['owner', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A staff member as the staff API answers it (never the password). */
export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  /** Disabled members cannot sign in and their sessions are ended. */
  disabled: boolean;
  created_at: string;
}

/** One recorded staff action: who, what, when, and the subject as it was and became. */
export interface StaffAction {
  id: number;
  staff: { id: number; name: string; email: string } | null;
  action: string;
  subject_type: string;
  subject_id: string;
  before: unknown;
  after: unknown;
  created_at: string;
}

/** The first sign-in step's answer: the token the code is checked against (the code went by e-mail). */
export interface StaffChallenge {
  challenge: string;
  /** Development only: the code, as the OTP answers carry theirs. */
  code?: string;
}

/** The second step's answer. */
export interface StaffSession {
  token: string;
  expires_at: string;
  staff: StaffMember;
}

/** A product as the back office lists it (issue 38): hidden ones too, each variation's stock and prices. */
export interface StaffProduct {
  id: number;
  slug: string;
  name: string;
  /** Hidden products are gone from the shop (lists, search, sitemap, their page) until shown again. */
  hidden: boolean;
  cover_image: string | null;
  variations: { id: number; label: string; stock: number; price: string; mrp: string }[];
}

/** The order queue's filters (every one optional; dates are order days, YYYY-MM-DD, India time). */
export interface StaffOrderFilters {
  status?: string;
  payment_status?: string;
  from?: string;
  to?: string;
  page?: number;
}
