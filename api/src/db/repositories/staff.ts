import type { Kysely, Selectable } from 'kysely';
import type { StaffAction, StaffRole } from '@storefront/contract';
import type { Database, StaffTable } from '../schema';
import { isPostgres } from '../database';
import { iso, type Clock } from '../../lib/clock';
import { otpCode, randomToken, sha256 } from '../../lib/crypto';

export type StaffRow = Selectable<StaffTable>;

/** What a recorded action says about its subject. */
export interface ActionRecord {
  action: string;
  subjectType: string;
  subjectId: string | number;
  before: unknown;
  after: unknown;
}

export type ChallengeCheck = { result: 'ok'; staffId: number } | { result: 'invalid' | 'expired' | 'missing' | 'locked' };

// Codes are hashed with their challenge so a row read from a backup cannot be replayed on another one.
const codeHash = (challengeHash: string, code: string) => sha256(`staff:${challengeHash}:${code}`);

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

export class StaffRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  byId(id: number): Promise<StaffRow | undefined> {
    return this.db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byEmail(email: string): Promise<StaffRow | undefined> {
    return this.db.selectFrom('staff').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  }

  list(): Promise<StaffRow[]> {
    return this.db.selectFrom('staff').selectAll().orderBy('id').execute();
  }

  /** Active owners, locked against a concurrent change on PostgreSQL (the last owner must stay). */
  async activeOwnerIds(): Promise<number[]> {
    let q = this.db.selectFrom('staff').select('id').where('role', '=', 'owner').where('disabled_at', 'is', null);
    // SQLite's write transaction holds the whole database; PostgreSQL locks the owners' rows.
    if (isPostgres(this.db)) q = q.forUpdate();
    return (await q.execute()).map((r) => r.id);
  }

  async create(values: { email: string; name: string; role: StaffRole; passwordHash: string }): Promise<StaffRow> {
    const now = iso(this.clock.now());
    return this.db
      .insertInto('staff')
      .values({
        email: values.email.toLowerCase(),
        name: values.name,
        role: values.role,
        password_hash: values.passwordHash,
        created_at: now,
        updated_at: now,
        disabled_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(id: number, patch: { role?: StaffRole; disabled?: boolean; passwordHash?: string; name?: string }): Promise<StaffRow> {
    const now = iso(this.clock.now());
    return this.db
      .updateTable('staff')
      .set({
        updated_at: now,
        ...(patch.role !== undefined ? { role: patch.role } : {}),
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.passwordHash !== undefined ? { password_hash: patch.passwordHash } : {}),
        ...(patch.disabled !== undefined ? { disabled_at: patch.disabled ? now : null } : {}),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  // ---------- the second factor ----------

  /** Opens a challenge for a member whose password matched; returns its token and the code to send. */
  async openChallenge(staffId: number, ttlMs: number): Promise<{ token: string; code: string }> {
    const token = randomToken();
    const code = otpCode();
    const now = this.clock.now();
    const tokenHash = sha256(token);
    // Expired challenges are useless after their answer: each sign-in clears those a day old.
    await this.db
      .deleteFrom('staff_challenges')
      .where('expires_at', '<', iso(now - 86_400_000))
      .execute();
    await this.db
      .insertInto('staff_challenges')
      .values({
        staff_id: staffId,
        token_hash: tokenHash,
        code_hash: codeHash(tokenHash, code),
        attempts: 0,
        created_at: iso(now),
        expires_at: iso(now + ttlMs),
        consumed_at: null,
      })
      .execute();
    return { token, code };
  }

  /** The member an unused challenge belongs to. */
  async challengeOwner(token: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('staff_challenges')
      .select('staff_id')
      .where('token_hash', '=', sha256(token))
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return row?.staff_id;
  }

  /**
   * Spends a try of a challenge (a conditional UPDATE, so parallel guesses share `maxTries`) and consumes
   * it when the code is right.
   */
  async checkChallenge(token: string, code: string, maxTries: number): Promise<ChallengeCheck> {
    const tokenHash = sha256(token);
    const row = await this.db
      .selectFrom('staff_challenges')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    if (!row) return { result: 'missing' };
    if (Date.parse(row.expires_at) <= this.clock.now()) return { result: 'expired' };
    const taken = await this.db
      .updateTable('staff_challenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('attempts', '<', maxTries)
      .where('consumed_at', 'is', null)
      .returning('attempts')
      .executeTakeFirst();
    if (!taken) return { result: 'locked' };
    if (row.code_hash !== codeHash(tokenHash, code)) return { result: taken.attempts >= maxTries ? 'locked' : 'invalid' };
    const used = await this.db
      .updateTable('staff_challenges')
      .set({ consumed_at: iso(this.clock.now()) })
      .where('id', '=', row.id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1 ? { result: 'ok', staffId: row.staff_id } : { result: 'missing' };
  }

  // ---------- sessions ----------

  async createSession(staffId: number, ttlMs: number): Promise<{ token: string; expiresAt: string }> {
    const token = randomToken();
    const now = this.clock.now();
    const expiresAt = iso(now + ttlMs);
    await this.db
      .insertInto('staff_sessions')
      .values({ staff_id: staffId, token_hash: sha256(token), created_at: iso(now), expires_at: expiresAt, revoked_at: null })
      .execute();
    return { token, expiresAt };
  }

  /** The member of a live session of an active member, or undefined (unknown, expired, revoked, disabled). */
  async bySessionToken(token: string): Promise<{ staff: StaffRow; sessionId: number } | undefined> {
    const row = await this.db
      .selectFrom('staff_sessions as s')
      .innerJoin('staff as m', 'm.id', 's.staff_id')
      .selectAll('m')
      .select(['s.id as session_id', 's.expires_at', 's.revoked_at'])
      .where('s.token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (!row || row.revoked_at !== null || row.disabled_at !== null || Date.parse(row.expires_at) <= this.clock.now()) return undefined;
    const { session_id, expires_at: _e, revoked_at: _r, ...staff } = row;
    return { staff, sessionId: session_id };
  }

  async revokeSession(sessionId: number): Promise<void> {
    await this.db
      .updateTable('staff_sessions')
      .set({ revoked_at: iso(this.clock.now()) })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Ends every live session of a member (disabled, role changed, password changed) but `except`; returns how many. */
  async revokeSessionsOf(staffId: number, except?: number): Promise<number> {
    let q = this.db
      .updateTable('staff_sessions')
      .set({ revoked_at: iso(this.clock.now()) })
      .where('staff_id', '=', staffId)
      .where('revoked_at', 'is', null);
    if (except !== undefined) q = q.where('id', '!=', except);
    const res = await q.executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  // ---------- the activity record ----------

  /** Records one action of `staffId` (null: the command line, which has no signed-in member). */
  async record(staffId: number | null, a: ActionRecord): Promise<void> {
    await this.db
      .insertInto('staff_actions')
      .values({
        staff_id: staffId,
        action: a.action,
        subject_type: a.subjectType,
        subject_id: String(a.subjectId),
        before_state: json(a.before),
        after_state: json(a.after),
        created_at: iso(this.clock.now()),
      })
      .execute();
  }

  /** Newest first, `limit` rows before the id `before` (the next page's cursor), optionally of one subject. */
  async actions(opts: { limit: number; before?: number; subjectType?: string; subjectId?: string }): Promise<StaffAction[]> {
    let q = this.db
      .selectFrom('staff_actions as a')
      .leftJoin('staff as m', 'm.id', 'a.staff_id')
      .select(['a.id', 'a.action', 'a.subject_type', 'a.subject_id', 'a.before_state', 'a.after_state', 'a.created_at'])
      .select(['m.id as staff_id', 'm.name as staff_name', 'm.email as staff_email'])
      .orderBy('a.id', 'desc')
      .limit(opts.limit);
    if (opts.before !== undefined) q = q.where('a.id', '<', opts.before);
    if (opts.subjectType !== undefined) q = q.where('a.subject_type', '=', opts.subjectType);
    if (opts.subjectId !== undefined) q = q.where('a.subject_id', '=', opts.subjectId);
    const rows = await q.execute();
    return rows.map((r) => ({
      id: r.id,
      staff: r.staff_id !== null ? { id: r.staff_id, name: r.staff_name ?? '', email: r.staff_email ?? '' } : null,
      action: r.action,
      subject_type: r.subject_type,
      subject_id: r.subject_id,
      before: r.before_state === null ? null : (JSON.parse(r.before_state) as unknown),
      after: r.after_state === null ? null : (JSON.parse(r.after_state) as unknown),
      created_at: r.created_at,
    }));
  }
}
