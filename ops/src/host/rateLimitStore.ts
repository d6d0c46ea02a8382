/**
 * A @fastify/rate-limit store in the state store (ops/src/state), so that a limit holds across every
 * host process of one deployment instead of once per process: the deploy root's files on one machine,
 * PostgreSQL across machines. The hit is written before the total is read, so at most `max` hits of a
 * fixed window get through however many processes take them (docs/operators.md § Design notes). The key
 * is stored as the reporter id, never the address; a key past its limit is answered from memory for the
 * rest of the window.
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
