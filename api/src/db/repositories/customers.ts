import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { CustomerTable, Database } from '../schema';
import type { ShippingAddress } from '@storefront/contract';
import { iso, type Clock } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/crypto';

export type CustomerRow = Selectable<CustomerTable>;

export function shippingAddressOf(c: CustomerRow): ShippingAddress | null {
  if (!c.address || !c.pincode || !c.city || !c.state) return null;
  return { address: c.address, pincode: c.pincode, city: c.city, state: c.state, alt_phone_number: c.address_alt_phone };
}

/** How long a bearer token lives. */
export const SESSION_DAYS = 30;
/** How long a password reset token lives. */
export const RESET_MINUTES = 60;

export class CustomerRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  byId(id: number): Promise<CustomerRow | undefined> {
    return this.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byEmail(email: string): Promise<CustomerRow | undefined> {
    return this.db.selectFrom('customers').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  }

  /** The account holding this mobile, verified or not (a mobile is unique among accounts). */
  byMobile(mobile: string): Promise<CustomerRow | undefined> {
    return this.db.selectFrom('customers').selectAll().where('phone_number', '=', mobile).executeTakeFirst();
  }

  /** The account whose mobile this is by a verified OTP: the only one an OTP may sign in to (issue 13). */
  byVerifiedMobile(mobile: string): Promise<CustomerRow | undefined> {
    return this.db
      .selectFrom('customers')
      .selectAll()
      .where('phone_number', '=', mobile)
      .where('mobile_verified_at', 'is not', null)
      .executeTakeFirst();
  }

  /** Records that an OTP to the account's mobile was verified. */
  async markMobileVerified(id: number): Promise<CustomerRow> {
    return this.update(id, { mobile_verified_at: iso(this.clock.now()) });
  }

  /**
   * Somebody proved by OTP that `mobile` is theirs: an account that only claimed it (typed it at sign-up,
   * never verified) loses it, so the claim cannot capture the owner's sign-in (issue 13). Returns who lost
   * it, to be told (issue 34).
   */
  async releaseUnverifiedMobile(mobile: string): Promise<Pick<CustomerRow, 'id' | 'email'>[]> {
    return this.db
      .updateTable('customers')
      .set({ phone_number: null, updated_at: iso(this.clock.now()) })
      .where('phone_number', '=', mobile)
      .where('mobile_verified_at', 'is', null)
      .returning(['id', 'email'])
      .execute();
  }

  async create(values: Omit<Insertable<CustomerTable>, 'created_at' | 'updated_at'>): Promise<CustomerRow> {
    const now = iso(this.clock.now());
    const row = await this.db
      .insertInto('customers')
      .values({ ...values, email: values.email ? values.email.toLowerCase() : null, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return row;
  }

  async update(id: number, values: Omit<Updateable<CustomerTable>, 'id' | 'created_at'>): Promise<CustomerRow> {
    const patch = { ...values, updated_at: iso(this.clock.now()) };
    if (typeof patch.email === 'string') patch.email = patch.email.toLowerCase();
    return this.db.updateTable('customers').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  }

  /** Forgets the pending e-mail if it is still `email` (its code could not be sent); a newer one stays. */
  async clearPendingEmail(id: number, email: string): Promise<void> {
    await this.db
      .updateTable('customers')
      .set({ pending_email: null, updated_at: iso(this.clock.now()) })
      .where('id', '=', id)
      .where('pending_email', '=', email)
      .execute();
  }

  // Sessions: the bearer token is random; only its SHA-256 is stored.

  /** `otp`: the session was opened by a verified OTP (it counts as fresh proof for sensitive changes). */
  async createSession(customerId: number, opts: { otp?: boolean } = {}): Promise<string> {
    const token = randomToken();
    const now = this.clock.now();
    await this.db
      .insertInto('sessions')
      .values({
        customer_id: customerId,
        token_hash: sha256(token),
        created_at: iso(now),
        expires_at: iso(now + SESSION_DAYS * 86_400_000),
        revoked_at: null,
        otp_verified_at: opts.otp ? iso(now) : null,
      })
      .execute();
    return token;
  }

  /** The customer of a live session, or undefined for unknown, revoked or expired tokens. */
  async bySessionToken(token: string): Promise<{ customer: CustomerRow; sessionId: number } | undefined> {
    const row = await this.db
      .selectFrom('sessions as s')
      .innerJoin('customers as c', 'c.id', 's.customer_id')
      .selectAll('c')
      .select(['s.id as session_id', 's.expires_at', 's.revoked_at'])
      .where('s.token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (!row || row.revoked_at !== null || Date.parse(row.expires_at) <= this.clock.now()) return undefined;
    const { session_id, expires_at: _e, revoked_at: _r, ...customer } = row;
    return { customer, sessionId: session_id };
  }

  /** When this session proved its mobile by OTP, in epoch ms; null for password sessions. */
  async sessionOtpVerifiedAt(sessionId: number): Promise<number | null> {
    const row = await this.db.selectFrom('sessions').select('otp_verified_at').where('id', '=', sessionId).executeTakeFirst();
    return row?.otp_verified_at ? Date.parse(row.otp_verified_at) : null;
  }

  /** Marks a live session as having proved its mobile now (a signed-in customer verified an OTP). */
  async markSessionOtpVerified(sessionId: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ otp_verified_at: iso(this.clock.now()) })
      .where('id', '=', sessionId)
      .execute();
  }

  async revokeSession(sessionId: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: iso(this.clock.now()) })
      .where('id', '=', sessionId)
      .execute();
  }

  async revokeAllSessions(customerId: number, exceptSessionId?: number): Promise<void> {
    let q = this.db
      .updateTable('sessions')
      .set({ revoked_at: iso(this.clock.now()) })
      .where('customer_id', '=', customerId)
      .where('revoked_at', 'is', null);
    if (exceptSessionId !== undefined) q = q.where('id', '!=', exceptSessionId);
    await q.execute();
  }

  // Password reset: one-time token, stored hashed, short-lived.

  async createResetToken(customerId: number): Promise<string> {
    const token = randomToken();
    const now = this.clock.now();
    await this.db
      .insertInto('password_resets')
      .values({
        customer_id: customerId,
        token_hash: sha256(token),
        created_at: iso(now),
        expires_at: iso(now + RESET_MINUTES * 60_000),
        used_at: null,
      })
      .execute();
    return token;
  }

  /**
   * Retires every unused reset link of the account: after a reset, a new password or a new e-mail, a link
   * mailed earlier (perhaps to an address the account no longer answers to) must not set a password.
   */
  async retireResetTokens(customerId: number): Promise<void> {
    await this.db
      .updateTable('password_resets')
      .set({ used_at: iso(this.clock.now()) })
      .where('customer_id', '=', customerId)
      .where('used_at', 'is', null)
      .execute();
  }

  /** A reset token that may still be used, or undefined when unknown, used or expired. Changes nothing. */
  async liveResetToken(token: string): Promise<{ id: number; customer_id: number } | undefined> {
    const row = await this.db.selectFrom('password_resets').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirst();
    if (!row || row.used_at !== null || Date.parse(row.expires_at) <= this.clock.now()) return undefined;
    return { id: row.id, customer_id: row.customer_id };
  }

  /** Marks a live reset token used and returns its customer id; undefined when unknown, used or expired. */
  async consumeResetToken(token: string): Promise<number | undefined> {
    const row = await this.liveResetToken(token);
    if (!row) return undefined;
    const res = await this.db
      .updateTable('password_resets')
      .set({ used_at: iso(this.clock.now()) })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1 ? row.customer_id : undefined;
  }
}
