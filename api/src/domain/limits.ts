/**
 * The per-identity limits the rules count against (a mobile, an account): named windows of the
 * configuration, kept in the shared store so they hold across API processes. plugins/limits implements
 * them for one request; the domain only says what to count and what to answer when a limit is reached.
 */
import type { Limits } from '../config';

export type LimitName = keyof Limits;

export interface IdentityLimits {
  /**
   * The client's network as the per-address limits count it: failure counters a stranger could fill for
   * somebody else (an account's sign-ins, a mobile's codes) are kept per identity and network, so anonymous
   * failures lock out the network they came from, not the owner.
   */
  readonly network: string;
  /** Counts one hit of `identity` against `name`; throws 429 with `message` ("{after}" filled in) once over. */
  hit(name: LimitName, identity: string, message: string): Promise<void>;
  /**
   * `hit` for a read-only look-up at high rates: counted in memory and written to the shared store in one
   * write per key every fraction of a second, so a process's view of other processes' hits lags by that
   * much (plugins/lightLimits). Not for anything that spends money, sends a message or guards a secret.
   */
  hitLight(name: LimitName, identity: string, message: string): Promise<void>;
  /** Throws 429 when `identity` is over `name` already, without counting (limits on failures). */
  check(name: LimitName, identity: string, message: string): Promise<void>;
  /** Counts a failure of `identity` without refusing this request (it already failed). */
  fail(name: LimitName, identity: string): Promise<void>;
  /** Forgets `identity`'s count (after a success). */
  reset(name: LimitName, identity: string): Promise<void>;
  /** Forgets the counts of every identity starting with `prefix` (an account's, from every network). */
  resetAll(name: LimitName, prefix: string): Promise<void>;
}
