/**
 * A @fastify/rate-limit store in the state store (ops/src/state), so that a limit holds across every
 * host process of one deployment instead of once per process (the library's in-memory store: N
 * processes allowed N×): the deploy root's files on one machine, PostgreSQL across machines.
 *
 * Files (`<root>/telemetry/limits/<window ms>-<window number>/<key id>/<writer>`): a hit appends one
 * byte to this process's own file for its key and window, then adds up the sizes of every process's
 * file there — one writer per file, no append lost, no lock. PostgreSQL: one upsert per hit, counted
 * on the key's row (`storefront_ops.limits`), so concurrent hits from every host are serialised there.
 * Either way the hit is written before the total is read, which makes the limit exact: the n-th hit to
 * be written sees at least n, so at most `max` hits of a window get through, however many processes
 * take them at the same moment (two racing at the edge may both be refused: it errs on refusing).
 * Windows are fixed, counted from the epoch, so every process agrees which one a hit belongs to.
 *
 * The key (a client address) is stored as the reporter id — the store's keyed hash — never as the
 * address. A key past its limit is answered from memory for the rest of the window, so a flood costs
 * no writes. Old windows are deleted by the store. The library's continueExceeding,
 * exponentialBackoff and ban are not used here.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { storeAt, type StateStore } from '../state';
import { reporterId } from '../telemetry/reporters';

type StoreCallback = Parameters<FastifyRateLimitStore['incr']>[1];

export { LIMITS_DIR } from '../state';

/** A store class for @fastify/rate-limit's `store` option, counting in the state store. */
export function deployRootStore(at: string | StateStore, key: Buffer | (() => Promise<Buffer>)): FastifyRateLimitStoreCtor {
  const store = storeAt(at);
  const keyOf = typeof key === 'function' ? key : async () => key;
  /** Keys of the current window already past their limit: answered without a write (a flood). */
  let over = { window: '', seen: new Map<string, number>() };

  async function count(address: string, timeWindow: number, max: number, hit: boolean) {
    const now = Date.now();
    const n = Math.floor(now / timeWindow);
    const ttl = (n + 1) * timeWindow - now;
    const name = `${timeWindow}-${n}`;
    if (over.window !== name) over = { window: name, seen: new Map() };
    const id = reporterId(await keyOf(), address);
    // Past the limit already in this window: a count never goes down until the window ends.
    const past = over.seen.get(id);
    if (past !== undefined) {
      if (hit) over.seen.set(id, past + 1);
      return { current: past + (hit ? 1 : 0), ttl };
    }
    const current = await store.countHit(timeWindow, n, id, hit);
    if (current > max) over.seen.set(id, current);
    return { current, ttl };
  }

  const answer = (p: Promise<{ current: number; ttl: number }>, cb: StoreCallback) =>
    p.then(
      (r) => cb(null, r),
      (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
    );

  return class SharedStore implements FastifyRateLimitStore {
    incr(address: string, cb: StoreCallback, timeWindow: number, max: number): void {
      void answer(count(address, timeWindow, max, true), cb);
    }
    /** The library's non-mutating read (`{ increment: false }`). */
    read(address: string, cb: StoreCallback, timeWindow: number, max: number): void {
      void answer(count(address, timeWindow, max, false), cb);
    }
    child(): FastifyRateLimitStore {
      return new SharedStore();
    }
  };
}
