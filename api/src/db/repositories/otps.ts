import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { iso, type Clock } from '../../lib/clock';
import { otpCode, sha256 } from '../../lib/crypto';

/**
 * checkout and login: a guest's codes; verify: a signed-in customer proving the mobile on the account;
 * email: a signed-in customer proving the new e-mail the account asked for (customers.pending_email);
 * signup: a new shopper proving the mobile of the account being created (issue 34). The
 * `mobile` column holds whom the code is for: the mobile, or for `email` the account (`email:<id>`).
 */
export type OtpPurpose = 'checkout' | 'login' | 'verify' | 'email' | 'signup';

/** `spent`: a wrong code on the code's last try (it is dead now); `locked`: the code was dead already. */
export type OtpCheck = 'ok' | 'invalid' | 'expired' | 'missing' | 'spent' | 'locked';

/** How long a code is kept after it expired (its row answers "expired" until then, "missing" after). */
export const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

// The code is hashed with its mobile and purpose so a leaked table row cannot be replayed elsewhere, and
// with the address it was sent to when that is not the row's key (an e-mail code, filed per account):
// it then checks out for that address only.
const codeHash = (mobile: string, purpose: OtpPurpose, code: string, sentTo = '') =>
  sha256(sentTo ? `${purpose}:${mobile}:${sentTo}:${code}` : `${purpose}:${mobile}:${code}`);

export class OtpRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /**
   * Issues a new code valid for `ttlMs`; earlier unused codes of the same mobile and purpose stop working.
   * Codes that expired over KEEP_EXPIRED_MS ago are deleted (by the `otps_expires` index): nothing reads them.
   * `sentTo`: the address the code goes to when it is not `mobile` (see codeHash).
   */
  async issue(mobile: string, purpose: OtpPurpose, ttlMs: number, sentTo?: string): Promise<string> {
    const code = otpCode();
    const now = this.clock.now();
    await this.db
      .deleteFrom('otps')
      .where('expires_at', '<', iso(now - KEEP_EXPIRED_MS))
      .execute();
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
        code_hash: codeHash(mobile, purpose, code, sentTo),
        attempts: 0,
        created_at: iso(now),
        expires_at: iso(now + ttlMs),
        consumed_at: null,
      })
      .execute();
    return code;
  }

  /**
   * Checks a code against the live one: at most `maxTries` tries, then the code is dead; a right code is
   * consumed so it cannot be used twice.
   */
  async verify(mobile: string, purpose: OtpPurpose, code: string, maxTries: number, sentTo?: string): Promise<OtpCheck> {
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
    if (row.code_hash !== codeHash(mobile, purpose, code, sentTo)) return taken.attempts >= maxTries ? 'spent' : 'invalid';
    const res = await this.db
      .updateTable('otps')
      .set({ consumed_at: iso(this.clock.now()) })
      .where('id', '=', row.id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1 ? 'ok' : 'missing';
  }
}
