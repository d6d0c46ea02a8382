import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { clientNetwork } from '@storefront/contract';
import type { Kysely } from 'kysely';
import type { LimitWindow, Limits } from '../config';
import type { IdentityLimits, LimitName } from '../domain/limits';
import type { Database } from '../db/schema';
import type { Clock } from '../lib/clock';
import { AppError } from '../lib/errors';
import { LightCounter } from './lightLimits';
import { addHits, storedKey } from './limitRows';

/** What @fastify/rate-limit hands a store's callback. */
interface StoreResult {
  current: number;
  ttl: number;
}
type StoreCallback = (err: Error | null, result?: StoreResult) => void;

/** The store contract of @fastify/rate-limit (its LocalStore and RedisStore have the same shape). */
export interface RateLimitStore {
  incr(key: string, cb: StoreCallback, timeWindow: number, max: number): void;
  read(key: string, cb: StoreCallback, timeWindow: number, max: number): void;
  child(routeOptions: object): RateLimitStore;
  /** Forgets a key (ours; a store without it cannot forgive failures after a success). */
  reset?(key: string): Promise<void>;
  /** Forgets every key starting with `prefix` (ours: an account's failures from every network). */
  resetPrefix?(prefix: string): Promise<void>;
}

/** Options @fastify/rate-limit passes on to `child`; `lockMs` is ours (growing lock-out, see DatabaseStore). */
interface StoreOptions {
  lockMs?: number;
}
/** The library passes its merged options (an object); only `lockMs` is read from it. */
const lockMsOf = (options: object): number | undefined => {
  const v = (options as StoreOptions).lockMs;
  return typeof v === 'number' ? v : undefined;
};

/** A class @fastify/rate-limit can construct (`new Store(globalParams)`): how a store is plugged in. */
export type RateLimitStoreClass = new (options: object) => RateLimitStore;

/** Ended counters are deleted at most this often (by the next write after it): what an idle minute left. */
const SWEEP_EVERY_MS = 60_000;

/** One hit on a counter (limitRows.ts: one atomic upsert); a failure counter's window runs from its last failure. */
async function countHit(db: Kysely<Database>, key: string, now: number, windowMs: number, lockout: boolean) {
  const row = await addHits(db, key, 1, now, windowMs, lockout);
  return { hits: Number(row.hits), resetAt: Number(row.reset_at) };
}

/** Blocks a failure counter `n` past `max` for lockMs × 2^(n−1), at most its window; the lock's length. */
async function lockOut(db: Kysely<Database>, key: string, now: number, over: number, lockMs: number, windowMs: number): Promise<number> {
  const lock = Math.min(lockMs * 2 ** Math.min(over - 1, 30), windowMs);
  await db
    .updateTable('rate_limits')
    .set({ blocked_until: now + lock })
    .where('key', '=', key)
    .execute();
  return lock;
}

/** A counter as it stands, without counting. */
async function readCounter(db: Kysely<Database>, key: string, now: number, max: number, lockMs: number | undefined): Promise<StoreResult> {
  const row = await db.selectFrom('rate_limits').select(['hits', 'reset_at', 'blocked_until']).where('key', '=', key).executeTakeFirst();
  if (!row || Number(row.reset_at) <= now) return { current: 0, ttl: 0 };
  const hits = Number(row.hits);
  if (lockMs !== undefined) {
    const blocked = Number(row.blocked_until) - now;
    // Past the lock the key may try again: report it at the limit, not over it.
    return blocked > 0 ? { current: hits, ttl: blocked } : { current: Math.min(hits, max), ttl: 0 };
  }
  return { current: hits, ttl: Number(row.reset_at) - now };
}

/** Hands a promise's outcome to @fastify/rate-limit's node-style callback. */
function settle(work: Promise<StoreResult>, cb: StoreCallback): void {
  work.then(
    (r) => cb(null, r),
    (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
  );
}

/**
 * Rate-limit counters in the database, so every API process on one database shares them (a limit per
 * process would multiply by the number of processes).
 *
 * With `lockMs`, a key counts failures: up to `max` are free within the window; each one beyond blocks the
 * key (lockOut); the count is forgotten `timeWindow` after the last failure or when the caller resets it
 * (a successful sign-in).
 */
export function databaseStore(db: Kysely<Database>, clock: Clock): RateLimitStoreClass {
  let sweptAt = clock.now();

  async function incr(given: string, windowMs: number, max: number, lockMs: number | undefined): Promise<StoreResult> {
    const key = storedKey(given);
    const now = clock.now();
    const { hits, resetAt } = await countHit(db, key, now, windowMs, lockMs !== undefined);
    const ttl = lockMs !== undefined && hits > max ? await lockOut(db, key, now, hits - max, lockMs, windowMs) : resetAt - now;
    // By time, not by count: a trickle of writes prunes as surely as a flood, and a flood no more often.
    if (now - sweptAt >= SWEEP_EVERY_MS) {
      sweptAt = now;
      await db.deleteFrom('rate_limits').where('reset_at', '<', now).where('blocked_until', '<', now).execute();
    }
    return { current: hits, ttl };
  }

  return class DatabaseStore implements RateLimitStore {
    private readonly lockMs: number | undefined;
    constructor(options: object = {}) {
      this.lockMs = lockMsOf(options);
    }
    incr(key: string, cb: StoreCallback, timeWindow: number, max: number): void {
      settle(incr(key, timeWindow, max, this.lockMs), cb);
    }
    read(key: string, cb: StoreCallback, _timeWindow: number, max: number): void {
      settle(readCounter(db, storedKey(key), clock.now(), max, this.lockMs), cb);
    }
    child(options: object): RateLimitStore {
      return new DatabaseStore(options);
    }
    async reset(key: string): Promise<void> {
      await db.deleteFrom('rate_limits').where('key', '=', storedKey(key)).execute();
    }
    async resetPrefix(prefix: string): Promise<void> {
      // substr, not LIKE: an e-mail may hold `_` and `%`, and both databases compare it the same way.
      await db
        .deleteFrom('rate_limits')
        .where((eb) => eb(eb.fn('substr', ['key', eb.lit(1), eb.lit(prefix.length)]), '=', prefix))
        .execute();
    }
  };
}

/** One check result of `app.limits`. */
interface Check {
  exceeded: boolean;
  retryAfterSeconds: number;
}

export interface LimitsApi {
  /**
   * A preHandler counting every request from the client address against `name` (per-address limits).
   * Keyed by the network of `request.ip` (an IPv6 client's /64), which honours `X-Forwarded-For` only
   * from TRUSTED_PROXIES.
   */
  perAddress(name: LimitName): (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /**
   * The per-identity limits (a mobile, an account) for this request, handed to the domain's rules: a
   * refusal sets the answer's `Retry-After`.
   */
  forRequest(reply: FastifyReply): IdentityLimits;
  /** Writes the light tier's pending hits now (tests; the app's close does it too). */
  flushLight(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    limits: LimitsApi;
  }
}

export interface LimitsOptions {
  limits: Limits;
  db: Kysely<Database>;
  clock: Clock;
  /** Where counters live; the database by default (a Redis store can replace it for many hosts). */
  store?: RateLimitStoreClass;
}

function tooMany(reply: FastifyReply, seconds: number, message: string): AppError {
  const after = Math.max(1, seconds);
  void reply.header('retry-after', after);
  return new AppError(429, message.replace('{after}', describe(after)));
}

/** "45 seconds", "3 minutes", "2 hours". */
function describe(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/**
 * The client as every per-address limit counts it: request.ip (X-Forwarded-For only from TRUSTED_PROXIES),
 * an IPv6 client as its /64 (contract clientNetwork: a carrier gives each phone a whole /64).
 */
const clientOf = (req: FastifyRequest): string => clientNetwork(req.ip);

/**
 * Limits of routes whose files declare none, by path (issue 35): a made-up reset token cost a scrypt,
 * and an account could mail a code to one new address after another, unthrottled. `account` counts the
 * signed-in customer (the auth hook ran before any preHandler).
 */
const ROUTE_LIMITS: Record<string, { address: LimitName; account?: LimitName }> = {
  '/api/customer/token-password': { address: 'tokenPassword' },
  '/api/customer/update-user-details': { address: 'detailsChangeAddress', account: 'detailsChangeAccount' },
};
const ACCOUNT_MESSAGE = 'Too many changes to this account. Please try again in {after}.';

const PER_ADDRESS_MESSAGE = 'Too many requests from your network. Please try again in {after}.';

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
type LimiterFor = (name: LimitName, prefix: string, identity: (req: FastifyRequest) => string) => Limiter;

/** One limiter per limit and keying (created on first use): each a named window of the configuration. */
function limiterCache(app: FastifyInstance, limits: Limits): LimiterFor {
  const limiters = new Map<string, Limiter>();
  return (name, prefix, identity) => {
    const id = `${prefix}:${name}`;
    let l = limiters.get(id);
    if (!l) {
      const w: LimitWindow & { lockMs?: number } = limits[name];
      l = app.createRateLimit({
        max: w.max,
        timeWindow: w.windowMs,
        keyGenerator: (req) => `${name}:${identity(req)}`,
        ...(w.lockMs !== undefined ? { lockMs: w.lockMs } : {}),
      } as Parameters<FastifyInstance['createRateLimit']>[0]);
      limiters.set(id, l);
    }
    return l;
  };
}

/** The per-identity limits (a mobile, an account) of one request, as the domain calls them. */
function identityLimits(limiter: LimiterFor, Store: RateLimitStoreClass, limits: Limits, light: LightCounter | null) {
  // createRateLimit keys by request; identity limits pass their key through this request-scoped slot.
  const identityOf = new WeakMap<FastifyRequest, string>();
  const byIdentity = (req: FastifyRequest) => identityOf.get(req) ?? '';

  async function run(name: LimitName, identity: string, reply: FastifyReply, increment: boolean): Promise<Check> {
    const req = reply.request;
    identityOf.set(req, identity);
    const r = await limiter(name, 'id', byIdentity)(req, { increment });
    if (r.isAllowed) return { exceeded: false, retryAfterSeconds: 0 };
    // A peek before the attempt refuses at the limit (max failures used up), a hit only beyond it.
    const exceeded = r.isExceeded || (!increment && r.remaining === 0 && r.ttl > 0);
    return { exceeded, retryAfterSeconds: r.ttlInSeconds };
  }

  return (reply: FastifyReply): IdentityLimits => ({
    network: clientOf(reply.request),
    async hit(name, identity, message) {
      const c = await run(name, identity, reply, true);
      if (c.exceeded) throw tooMany(reply, c.retryAfterSeconds, message);
    },
    async hitLight(name, identity, message) {
      const w: LimitWindow = limits[name];
      if (!light) return this.hit(name, identity, message);
      const wait = await light.hit(`${name}:${identity}`, w.windowMs, w.max);
      if (wait > 0) throw tooMany(reply, wait, message);
    },
    async check(name, identity, message) {
      const c = await run(name, identity, reply, false);
      if (c.exceeded) throw tooMany(reply, c.retryAfterSeconds, message);
    },
    async fail(name, identity) {
      // Failures are counted outside any request's limiter: write the counter directly through the store.
      const w: LimitWindow & { lockMs?: number } = limits[name];
      const store = new Store(w.lockMs !== undefined ? { lockMs: w.lockMs } : {});
      await new Promise<void>((resolve, reject) =>
        store.incr(`${name}:${identity}`, (err) => (err ? reject(err) : resolve()), w.windowMs, w.max),
      );
    },
    async reset(name, identity) {
      await new Store({}).reset?.(`${name}:${identity}`);
    },
    async resetAll(name, prefix) {
      await new Store({}).resetPrefix?.(`${name}:${prefix}`);
    },
  });
}

/** Per-address limits of routes whose files declare none (owned elsewhere): added as they register. */
function addRouteLimits(app: FastifyInstance, api: LimitsApi, limiter: LimiterFor): void {
  app.addHook('onRoute', (route) => {
    const limits = ROUTE_LIMITS[route.url];
    if (!limits || route.method !== 'POST') return;
    const added = [api.perAddress(limits.address)];
    if (limits.account) {
      const l = limiter(limits.account, 'account', (req) => String(req.customer?.id ?? clientNetwork(req.ip)));
      added.push(async (req, reply) => {
        const r = await l(req);
        if (!r.isAllowed && r.isExceeded) throw tooMany(reply, r.ttlInSeconds, ACCOUNT_MESSAGE);
      });
    }
    const own = route.preHandler;
    route.preHandler = own ? [...added, ...(Array.isArray(own) ? own : [own])] : added;
  });
}

/**
 * The abuse limits (issue 13) on @fastify/rate-limit with a shared store. Every limit is a named window of
 * the configuration; identity keys are what the shopper cannot change by changing address.
 */
export const limitsPlugin = fp<LimitsOptions>(
  async (app: FastifyInstance, opts) => {
    const Store = opts.store ?? databaseStore(opts.db, opts.clock);
    await app.register(rateLimit, {
      global: false,
      store: Store,
      // The client address as Fastify derives it from trustProxy (TRUSTED_PROXIES): a made-up
      // X-Forwarded-For from anybody else is ignored. An IPv6 client is its /64 (clientOf).
      keyGenerator: clientOf,
    });
    const limiter = limiterCache(app, opts.limits);
    // The light tier writes the database's rate_limits rows itself: with another store it is the plain hit.
    const light = opts.store ? null : new LightCounter(opts.db, opts.clock);
    app.addHook('onClose', async () => light?.flush().catch(() => undefined));
    const api: LimitsApi = {
      flushLight: async () => light?.flush(),
      perAddress(name) {
        const l = limiter(name, 'ip', clientOf);
        return async (req, reply) => {
          const r = await l(req);
          if (!r.isAllowed && r.isExceeded) throw tooMany(reply, r.ttlInSeconds, PER_ADDRESS_MESSAGE);
        };
      },
      forRequest: identityLimits(limiter, Store, opts.limits, light),
    };
    app.decorate('limits', api);
    addRouteLimits(app, api, limiter);
  },
  { name: 'storefront-limits' },
);
