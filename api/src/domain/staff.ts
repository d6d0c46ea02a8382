/**
 * The shop's staff (issue 38): sign-in with e-mail and password, then a one-time code sent to the member's
 * e-mail (the second factor); sessions that expire and can be revoked; an owner adds members, changes
 * their role, disables them and reads the activity record. Every change is recorded with who made it and
 * the member's state before and after, in the same transaction as the change.
 *
 * Failures count in the shared limits store (plugins/limits): wrong passwords per e-mail typed (known or
 * not, so the lock-out reveals nothing about who is staff), wrong codes per member across challenges.
 * No Fastify here: the routes validate, call these with the request's limits, and shape the answer.
 */
import type { StaffChallenge, StaffMember, StaffRole, StaffSession } from '@storefront/contract';
import type { Repositories } from '../db/repositories';
import { type ActionRecord, type StaffRow } from '../db/repositories/staff';
import { toStaffMember } from './wire';
import { verifyPassword } from '../lib/crypto';
import { AppError, conflict, fieldError, forbidden, isUniqueViolation, notFound, tooMany } from '../lib/errors';
import type { Messenger } from '../messages';
import { staffSignInCodeEmail } from '../messages/staff';
import type { Transaction } from './cart';
import type { IdentityLimits } from './limits';

/** How long a staff session lasts: a working day, then the second factor again. */
export const STAFF_SESSION_MS = 12 * 60 * 60_000;
/** How long the e-mailed code can be used. */
export const STAFF_CODE_TTL_MS = 10 * 60_000;
/** Tries of one code, right or wrong. */
export const STAFF_CODE_TRIES = 5;

export const BAD_CREDENTIALS = 'Invalid email or password';
const TOO_MANY_FAILURES = 'Too many failed sign-in attempts for this email. Please try again in {after}.';
const TOO_MANY_CODES = 'Too many wrong codes for this account. Please try again in {after}.';
const SIGN_IN_AGAIN = 'Please sign in again to get a new code';
const CODE_FAILED = 'Could not send the sign-in code. Please try again.';
export const EMAIL_TAKEN = 'A staff member with this email already exists';
export const LAST_OWNER = 'The shop must keep at least one active owner';

export interface StaffDeps {
  repos: Repositories;
  tx: Transaction;
  messenger: Messenger;
  shopName: string;
  /** Hashes a password with the configured scrypt cost. */
  hash(password: string): Promise<string>;
}

/** Who acts: a signed-in member, or null for the command line on the server. */
export type Actor = StaffRow | null;

const normalEmail = (email: string) => email.trim().toLowerCase();

/** The member as the record keeps it: never the password hash. */
const recorded = (s: StaffRow) => ({ email: s.email, name: s.name, role: s.role, disabled: s.disabled_at !== null });

export class StaffAccounts {
  /** An unknown e-mail costs the same scrypt as a known one, so timing does not reveal who is staff. */
  private readonly decoyHash: Promise<string>;

  constructor(private readonly deps: StaffDeps) {
    this.decoyHash = deps.hash('decoy staff password, never matches');
  }

  /** Step one: a right password (of an active member) mails a code and answers the challenge token. */
  async signIn(limits: IdentityLimits, emailTyped: string, password: string): Promise<StaffChallenge & { code: string }> {
    const email = normalEmail(emailTyped);
    const key = `staff:${email}`;
    await limits.check('staffSignInFailures', key, TOO_MANY_FAILURES);
    const member = await this.deps.repos.staff.byEmail(email);
    const active = member && member.disabled_at === null ? member : undefined;
    const matches = await verifyPassword(password, active?.password_hash ?? (await this.decoyHash));
    if (!active || !matches) {
      await limits.fail('staffSignInFailures', key);
      throw new AppError(401, BAD_CREDENTIALS);
    }
    await limits.reset('staffSignInFailures', key);
    const { token, code } = await this.deps.repos.staff.openChallenge(active.id, STAFF_CODE_TTL_MS);
    const minutes = Math.round(STAFF_CODE_TTL_MS / 60_000);
    await this.deps.messenger.send(staffSignInCodeEmail(this.deps.shopName, active.email, active.name, code, minutes), CODE_FAILED);
    return { challenge: token, code };
  }

  /**
   * Step two: the challenge and its code open a session (recorded as a sign-in). Wrong codes count against
   * the member as well as the challenge, so signing in again with the password gives no more guesses.
   */
  async verify(limits: IdentityLimits, challenge: string, code: string): Promise<StaffSession> {
    const staffId = await this.deps.repos.staff.challengeOwner(challenge);
    if (staffId === undefined) throw fieldError('code', SIGN_IN_AGAIN);
    const key = `staff:${staffId}`;
    await limits.check('staffCodeWrong', key, TOO_MANY_CODES);
    const check = await this.deps.repos.staff.checkChallenge(challenge, code, STAFF_CODE_TRIES);
    if (check.result === 'invalid' || check.result === 'locked') await limits.fail('staffCodeWrong', key);
    if (check.result === 'expired') throw fieldError('code', 'The code has expired. Please sign in again.');
    if (check.result === 'missing') throw fieldError('code', SIGN_IN_AGAIN);
    if (check.result === 'locked') throw tooMany('Too many wrong codes. Please sign in again.');
    if (check.result === 'invalid') throw fieldError('code', 'Invalid code');
    const member = await this.deps.repos.staff.byId(staffId);
    if (!member || member.disabled_at !== null) throw new AppError(401, BAD_CREDENTIALS);
    await limits.reset('staffCodeWrong', key);
    return this.deps.tx(async (r) => {
      const session = await r.staff.createSession(member.id, STAFF_SESSION_MS);
      await r.staff.record(member.id, { action: 'staff.sign_in', subjectType: 'staff', subjectId: member.id, before: null, after: null });
      return { token: session.token, expires_at: session.expiresAt, staff: toStaffMember(member) };
    });
  }

  async signOut(me: StaffRow, sessionId: number): Promise<void> {
    await this.deps.tx(async (r) => {
      await r.staff.revokeSession(sessionId);
      await r.staff.record(me.id, { action: 'staff.sign_out', subjectType: 'staff', subjectId: me.id, before: null, after: null });
    });
  }

  /** An owner (or the command line) adds a member; the e-mail is unique among staff. */
  async add(actor: Actor, input: { email: string; name: string; role: StaffRole; password: string }): Promise<StaffMember> {
    const passwordHash = await this.deps.hash(input.password);
    try {
      return await this.deps.tx(async (r) => {
        const member = await r.staff.create({ email: normalEmail(input.email), name: input.name.trim(), role: input.role, passwordHash });
        await r.staff.record(actor?.id ?? null, {
          action: 'staff.add',
          subjectType: 'staff',
          subjectId: member.id,
          before: null,
          after: recorded(member),
        });
        return toStaffMember(member);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
      throw err;
    }
  }

  /**
   * An owner changes a member's role or disables (or enables) them. A change of role or a disable ends
   * the member's sessions, so the new rights hold from the next request. The last active owner stays.
   */
  async change(actor: StaffRow, id: number, patch: { role?: StaffRole; disabled?: boolean }): Promise<StaffMember> {
    return this.deps.tx(async (r) => {
      const owners = await r.staff.activeOwnerIds();
      const before = await r.staff.byId(id);
      if (!before) throw notFound('Staff member not found');
      const after = await r.staff.update(id, patch);
      const stillOwner = after.role === 'owner' && after.disabled_at === null;
      if (owners.includes(id) && !stillOwner && owners.length <= 1) throw conflict(LAST_OWNER);
      const action: ActionRecord = {
        action: 'staff.change',
        subjectType: 'staff',
        subjectId: id,
        before: recorded(before),
        after: recorded(after),
      };
      if (after.role !== before.role || after.disabled_at !== before.disabled_at) await r.staff.revokeSessionsOf(id);
      await r.staff.record(actor.id, action);
      return toStaffMember(after);
    });
  }

  /** An owner signs a member out everywhere (a lost phone); returns how many sessions ended. */
  async revokeSessions(actor: StaffRow, id: number): Promise<number> {
    return this.deps.tx(async (r) => {
      if (!(await r.staff.byId(id))) throw notFound('Staff member not found');
      const ended = await r.staff.revokeSessionsOf(id);
      await r.staff.record(actor.id, {
        action: 'staff.revoke_sessions',
        subjectType: 'staff',
        subjectId: id,
        before: null,
        after: { ended },
      });
      return ended;
    });
  }

  /** A member changes their own password with the current one; their other sessions end. */
  async changePassword(limits: IdentityLimits, me: StaffRow, sessionId: number, current: string, next: string): Promise<void> {
    const key = `staff:${me.email}`;
    await limits.check('staffSignInFailures', key, TOO_MANY_FAILURES);
    if (!(await verifyPassword(current, me.password_hash))) {
      await limits.fail('staffSignInFailures', key);
      throw fieldError('current_password', 'Current password is incorrect');
    }
    const passwordHash = await this.deps.hash(next);
    await this.deps.tx(async (r) => {
      await r.staff.update(me.id, { passwordHash });
      // This session stays: the member who just proved the password keeps working.
      await r.staff.revokeSessionsOf(me.id, sessionId);
      await r.staff.record(me.id, { action: 'staff.password', subjectType: 'staff', subjectId: me.id, before: null, after: null });
    });
  }
}

/** Throws 403 unless the member is an owner. */
export function requireOwner(member: StaffRow): void {
  if (member.role !== 'owner') throw forbidden('Only the shop owner can do this');
}
