import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { iso, type Clock } from '../../lib/clock';
import { otpCode, sha256 } from '../../lib/crypto';

/**
 * checkout and login: a guest's codes; verify: a signed-in customer proving the mobile on the account;
 * email: a signed-in customer proving the new e-mail the account is to have. The `mobile` column holds
 * where the code went: the mobile, or for `email` the account and the new address (`<id>:<email>`), so a
 * code proves that address for that account only.
 */
export type OtpPurpose = 'checkout' | 'login' | 'verify' | 'email';

export type OtpCheck = 'ok' | 'invalid' | 'expired' | 'missing' | 'locked';

// The code is hashed with its mobile and purpose so a leaked table row cannot be replayed elsewhere.
const codeHash = (mobile: string, purpose: OtpPurpose, code: string) => sha256(`${purpose}:${mobile}:${code}`);

export class OtpRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Issues a new code valid for `ttlMs`; earlier unused codes of the same mobile and purpose stop working. */
  async issue(mobile: string, purpose: OtpPurpose, ttlMs: number): Promise<string> {
    const code = otpCode();
    const now = this.clock.now();
    await this.db
      .updateTable('otps')
      .set({ consumed_at: iso(now) })
      .where('mobile', '=', mobile)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .execute();
    await this.db
      .insertInto('otps')
      .values({
        mobile,
        purpose,
        code_hash: codeHash(mobile, purpose, code),
        attempts: 0,
        created_at: iso(now),
        expires_at: iso(now + ttlMs),
        consumed_at: null,
      })
      .execute();
    return code;
  }

  /** Kills every live code of `purpose` whose address starts with `prefix` (an account's pending e-mail codes). */
  async retireAll(purpose: OtpPurpose, prefix: string): Promise<void> {
    await this.db
      .updateTable('otps')
      .set({ consumed_at: iso(this.clock.now()) })
      .where('purpose', '=', purpose)
      .where('mobile', 'like', `${prefix}%`)
      .where('consumed_at', 'is', null)
      .execute();
  }

  /**
   * Checks a code against the live one: at most `maxTries` tries, then the code is dead; a right code is
   * consumed so it cannot be used twice.
   */
  async verify(mobile: string, purpose: OtpPurpose, code: string, maxTries: number): Promise<OtpCheck> {
    const row = await this.db
      .selectFrom('otps')
      .selectAll()
      .where('mobile', '=', mobile)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return 'missing';
    if (Date.parse(row.expires_at) <= this.clock.now()) return 'expired';
    // A try is taken before the code is compared, in one conditional UPDATE: parallel guesses cannot
    // all read the same count and get more than maxTries between them.
    const taken = await this.db
      .updateTable('otps')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('attempts', '<', maxTries)
      .returning('attempts')
      .executeTakeFirst();
    if (!taken) return 'locked';
    if (row.code_hash !== codeHash(mobile, purpose, code)) return taken.attempts >= maxTries ? 'locked' : 'invalid';
    const res = await this.db
      .updateTable('otps')
      .set({ consumed_at: iso(this.clock.now()) })
      .where('id', '=', row.id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1 ? 'ok' : 'missing';
  }
}
