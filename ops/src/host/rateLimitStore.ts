/**
 * A @fastify/rate-limit store in the deploy root, so that a limit holds across every host process of
 * one deployment instead of once per process (the library's in-memory store: N processes allowed N×).
 *
 *   <root>/telemetry/limits/<window ms>-<window number>/<key id>/<hostname>-<pid>-<id>
 *
 * Why the deploy root: the host runs as separate `ops serve` processes — one per machine, several
 * machines behind a load balancer (docs/operators.md), no node:cluster primary to count for them —
 * and what they already share is the deploy root: the telemetry store and the reporter key live
 * there. The host has no database (the API keeps its own limits in its database, which the host
 * never reaches) and no native module, and a Redis only for this would be one more service to run.
 *
 * A hit appends one byte to this process's own file for its key and window, then adds up the sizes
 * of every process's file there. One writer per file: no append is lost, and no lock is needed.
 * Writing before reading makes the limit exact: the n-th hit to be written sees at least n, so at
 * most `max` hits of a window get through, however many processes take them at the same moment
 * (two hits racing at the edge may both see more and both be refused: it errs on refusing).
 * Windows are fixed, counted from the epoch, so every process agrees which one a hit belongs to.
 *
 * The key (a client address) is stored as the reporter id — the deploy root's keyed hash — never as
 * the address. A key past its limit is answered from memory for the rest of the window, so a flood
 * costs no disk writes. Windows that ended before the previous one are deleted by any process (at most
 * once a window each). The library's continueExceeding, exponentialBackoff and ban are not used here.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { reporterId } from '../telemetry/reporters';
import { TELEMETRY_DIR, writerName } from '../telemetry/store';

type StoreCallback = Parameters<FastifyRateLimitStore['incr']>[1];

export const LIMITS_DIR = 'limits';
const ONE_HIT = Buffer.from('.');

/** A store class for @fastify/rate-limit's `store` option, counting in `<root>/telemetry/limits`. */
export function deployRootStore(root: string, key: Buffer): FastifyRateLimitStoreCtor {
  const dir = path.join(root, TELEMETRY_DIR, LIMITS_DIR);
  const mine = writerName();
  const made = new Set<string>();
  /** Keys of the current window already past their limit: answered without touching the disk (a flood). */
  let over = { window: '', seen: new Map<string, number>() };
  let nextPrune = 0;

  const windowOf = (timeWindow: number, now: number) => {
    const n = Math.floor(now / timeWindow);
    return { name: `${timeWindow}-${n}`, ttl: (n + 1) * timeWindow - now };
  };

  /** The hits of every process in one key's folder. */
  async function total(folder: string): Promise<number> {
    let names: string[];
    try {
      names = await fs.readdir(folder);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw err;
    }
    const sizes = await Promise.all(
      names.map((n) =>
        fs.stat(path.join(folder, n)).then(
          (st) => st.size,
          () => 0,
        ),
      ),
    );
    return sizes.reduce((a, b) => a + b, 0);
  }

  /** Deletes the windows that ended before the previous one (their names sort by nothing useful: parsed). */
  async function prune(now: number): Promise<void> {
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const m = /^(\d+)-(\d+)$/.exec(name);
      if (!m) continue;
      const end = (Number(m[2]) + 1) * Number(m[1]);
      if (end + Number(m[1]) < now) await fs.rm(path.join(dir, name), { recursive: true, force: true });
    }
  }

  async function append(folder: string): Promise<void> {
    const file = path.join(folder, mine);
    if (made.has(folder)) {
      try {
        return await fs.appendFile(file, ONE_HIT);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err; // pruned by a process whose clock is ahead
      }
    }
    await fs.mkdir(folder, { recursive: true });
    if (made.size > 10_000) made.clear();
    made.add(folder);
    await fs.appendFile(file, ONE_HIT);
  }

  async function count(address: string, timeWindow: number, max: number, hit: boolean) {
    const now = Date.now();
    const w = windowOf(timeWindow, now);
    if (over.window !== w.name) over = { window: w.name, seen: new Map() };
    const folder = path.join(dir, w.name, reporterId(key, address));
    // Past the limit already in this window: a count never goes down until the window ends.
    const past = over.seen.get(folder);
    if (past !== undefined) {
      if (hit) over.seen.set(folder, past + 1);
      return { current: past + (hit ? 1 : 0), ttl: w.ttl };
    }
    if (hit) {
      await append(folder);
      if (now >= nextPrune) {
        nextPrune = now + timeWindow;
        void prune(now).catch(() => undefined);
      }
    }
    const current = await total(folder);
    if (current > max) over.seen.set(folder, current);
    return { current, ttl: w.ttl };
  }

  const answer = (p: Promise<{ current: number; ttl: number }>, cb: StoreCallback) =>
    p.then(
      (r) => cb(null, r),
      (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
    );

  return class DeployRootStore implements FastifyRateLimitStore {
    incr(address: string, cb: StoreCallback, timeWindow: number, max: number): void {
      void answer(count(address, timeWindow, max, true), cb);
    }
    /** The library's non-mutating read (`{ increment: false }`). */
    read(address: string, cb: StoreCallback, timeWindow: number, max: number): void {
      void answer(count(address, timeWindow, max, false), cb);
    }
    child(): FastifyRateLimitStore {
      return new DeployRootStore();
    }
  };
}
