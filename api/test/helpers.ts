import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig, productionLimits, type Config } from '../src/config';
import { prepareDatabase } from '../src/bootstrap';
import { openDatabase, type DB } from '../src/db/database';
import { ManualClock } from '../src/lib/clock';
import { DEMO_CUSTOMER } from '../src/db/seed';
import type { CartLine } from '@storefront/contract';

export const API_KEY = 'test-api-key';
export const STORE_TOKEN = 'test-store-token';

export interface TestApp {
  app: FastifyInstance;
  db: DB;
  clock: ManualClock;
  config: Config;
  close(): Promise<void>;
}

/**
 * TEST_DATABASE_URL: a PostgreSQL URL whose role may create databases. When it is set, every test app
 * gets a fresh PostgreSQL database of its own (dropped at close) instead of a fresh SQLite file: the
 * whole suite runs against either database (scripts/test.mjs runs it both ways).
 */
export const TEST_PG_URL = process.env.TEST_DATABASE_URL || null;
export const onPostgres = TEST_PG_URL !== null;

/** A connection to TEST_DATABASE_URL's own database, for creating, dropping and disturbing test databases. */
export async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_PG_URL ?? '' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new empty PostgreSQL database; returns its URL and how to drop it. */
export async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sf_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(TEST_PG_URL ?? '');
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(name) };
}

/**
 * Drops a test database, ending its connections. An autovacuum worker busy in it belongs to the
 * server's superuser, which our role may not end ("must be a member of the role whose process is being
 * terminated", 42501): it finishes in a moment, so the drop is tried again for a few seconds.
 */
async function dropDatabase(name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await admin((c) => c.query(`drop database if exists ${name} with (force)`));
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '42501' || attempt >= 50) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** A fresh app over a fresh database (migrated and seeded), with a clock the test moves by hand. */
export async function makeApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-api-'));
  const database = onPostgres ? await freshPostgres() : null;
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'development' }),
    dbFile: path.join(dir, 'test.sqlite'),
    databaseUrl: database?.url ?? null,
    apiKey: API_KEY,
    storeToken: STORE_TOKEN,
    // Modest scrypt cost keeps the suite fast; the format and the code path are the production ones.
    scrypt: { N: 1024, r: 8, p: 1 },
    // Wide per-address limits: a test file makes all its calls from one address. Tests of the limits pass
    // their own (see limits.test.ts).
    limits: productionLimits(1000),
    logger: false,
    // The payment sweeper runs when a test says so (`app.paymentSweeper.pass()`), on the test's clock.
    payments: { ...loadConfig({ NODE_ENV: 'development' }).payments, sweepSeconds: 0 },
    // Order notices are sent when a test says so (`app.orderNotifier.pass()`).
    notifySweepSeconds: 0,
    ...overrides,
  };
  const clock = new ManualClock(Date.now());
  const { db } = await prepareDatabase(config, clock);
  const app = await buildApp({ config, db, clock });
  return {
    app,
    db,
    clock,
    config,
    async close() {
      await app.close();
      await db.destroy();
      await database?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Real-format production settings around a test's SMS and SMTP receivers (no development value left). */
export function productionEnv(sms: { url: string }, smtp: { url: string }, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'production',
    API_KEY,
    STORE_TOKEN,
    STORE_URL: 'https://shop.example.in',
    SMS_WEBHOOK_URL: sms.url,
    SMS_WEBHOOK_AUTH: 'authkey: msg91-test-key',
    SMS_WEBHOOK_BODY: '{"template_id":"otp-template","short_url":"0","recipients":[{"mobiles":"91{{mobile}}","otp":"{{code}}"}]}',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Storefront <orders@shop.example.in>',
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: 'rzp_live_test0000000001',
    RAZORPAY_KEY_SECRET: 'razorpay-test-key-secret',
    RAZORPAY_WEBHOOK_SECRET: 'razorpay-test-webhook-secret',
    INVOICE_LEGAL_NAME: 'Shop Example Retail LLP',
    INVOICE_ADDRESS: '4th Floor, 21 Linking Road, Bandra West, Mumbai 400050',
    INVOICE_STATE: 'Maharashtra',
    INVOICE_GSTIN: '27AAACB5678D1ZP',
    ...extra,
  };
}

/** A production app (no demo data, codes only over the wire) over a fresh database. */
export async function makeProductionApp(env: NodeJS.ProcessEnv, overrides: Partial<Config> = {}): Promise<TestApp> {
  // The file stays the fresh temporary one makeApp makes.
  const { dbFile: _file, ...config } = loadConfig(env);
  return makeApp({
    ...config,
    scrypt: { N: 1024, r: 8, p: 1 },
    limits: productionLimits(1000),
    logger: false,
    notifySweepSeconds: 0,
    ...overrides,
  });
}

/**
 * A second API process over the same database as `t` (its own connection, cache and clock): what
 * API_INSTANCES=2 runs. Closed by the caller before `t`.
 */
export async function makeSecondApp(
  t: TestApp,
  overrides: Partial<Config> = {},
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const config = { ...t.config, ...overrides };
  const db = openDatabase(config.databaseUrl ?? config.dbFile);
  const app = await buildApp({ config, db, clock: t.clock });
  return {
    app,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}

export interface CallOptions {
  body?: unknown;
  token?: string | null;
  apiKey?: string | null;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  /** The peer address of the connection (a client, or a proxy in front of it). */
  remoteAddress?: string;
}

export interface Answer<T = unknown> {
  status: number;
  body: { success: boolean; message?: string | string[]; data?: T; errors?: Record<string, string>; status?: boolean; result?: unknown };
  headers: Record<string, unknown>;
  raw: string;
}

/** One request through `inject`, with the API key (unless `apiKey: null`) and an optional bearer. */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  opts: CallOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.apiKey !== null) headers['x-api-key'] = opts.apiKey ?? API_KEY;
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await app.inject({
    method,
    url,
    headers,
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    ...(opts.payload !== undefined ? { payload: opts.payload } : opts.body !== undefined ? { payload: opts.body as object } : {}),
  });
  let body: Answer<T>['body'];
  try {
    body = JSON.parse(res.body) as Answer<T>['body'];
  } catch {
    body = { success: false };
  }
  return { status: res.statusCode, body, headers: res.headers, raw: res.body };
}

export const post = <T = unknown>(app: FastifyInstance, url: string, body?: unknown, opts: Omit<CallOptions, 'body'> = {}) =>
  call<T>(app, 'POST', `/api${url}`, { ...opts, body: body ?? {} });
export const get = <T = unknown>(app: FastifyInstance, url: string, opts: CallOptions = {}) => call<T>(app, 'GET', `/api${url}`, opts);

/** Expects a successful answer and returns its data. */
export function ok<T>(a: Answer<T>, status = 200): T {
  if (a.status !== status || !a.body.success) {
    throw new Error(`expected ${status} success, got ${a.status}: ${a.raw.slice(0, 500)}`);
  }
  return a.body.data as T;
}

let counter = 0;
/** A unique valid 10-digit mobile per call within a test file. */
export function uniqueMobile(): string {
  counter += 1;
  return `9${String(100_000_000 + ((process.pid * 7919 + counter * 104_729) % 899_999_999)).slice(0, 9)}`;
}

interface AuthData {
  token: string;
  customer: { id: number; firstname: string; lastname: string; email: string | null; phone_number: string | null };
}

/** Registers a fresh customer and returns the session token. */
export async function registerCustomer(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<AuthData & { email: string; password: string; mobile: string }> {
  counter += 1;
  const email = `shopper${counter}.${Math.random().toString(36).slice(2, 8)}@example.in`;
  const password = 'Secret@1';
  const mobile = uniqueMobile();
  const data = ok(
    await post<AuthData>(app, '/customer/register', { firstName: 'Asha', lastName: 'Verma', email, password, mobile, ...overrides }),
    201,
  );
  return { ...data, email, password, mobile };
}

export async function loginDemo(app: FastifyInstance): Promise<string> {
  const data = ok(await post<AuthData>(app, '/customer/login', { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password }));
  return data.token;
}

export interface VariantInfo {
  productId: number;
  variantId: number;
  price: number; // paise
  stock: number;
  slug: string;
}

/** A variant in stock whose price is within the bounds (paise), read from the database. */
export async function findVariant(
  db: DB,
  opts: { minStock?: number; maxPrice?: number; minPrice?: number; skip?: number } = {},
): Promise<VariantInfo> {
  const row = await db
    .selectFrom('variations as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.product_id', 'v.price', 'v.stock', 'p.slug'])
    .where('v.stock', '>=', opts.minStock ?? 5)
    .where('v.price', '<=', opts.maxPrice ?? 100_000_00)
    .where('v.price', '>=', opts.minPrice ?? 0)
    .orderBy('v.id')
    .offset(opts.skip ?? 0)
    .limit(1)
    .executeTakeFirstOrThrow();
  return { productId: row.product_id, variantId: row.id, price: row.price, stock: row.stock, slug: row.slug };
}

export const addToCart = (app: FastifyInstance, token: string, v: VariantInfo, quantity = 1) =>
  post<{ results: CartLine }>(
    app,
    '/customer/add-to-cart',
    { id: v.variantId, product_id: v.productId, quantity, retailer_id: 1, wholesaler_id: null },
    { token },
  );

export const ADDRESS = {
  email: 'asha@example.in',
  firstname: 'Asha',
  lastname: 'Verma',
  address: '221B, MG Road',
  pincode: '560001',
  city: 'Bengaluru',
  state: 'Karnataka',
};

const API_DIR = path.resolve(__dirname, '..');
const execFileAsync = promisify(execFile);

/**
 * Runs one of the API's scripts (`src/server.ts`, `src/cli/….ts`) as its own process, as an operator would,
 * with only `env` deciding its settings (none of this test's database or mode variables leak in).
 */
export async function runScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; out: string }> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(NODE_ENV|API_KEY|STORE_TOKEN|STORE_URL|SMTP_URL|SMS_WEBHOOK_\w+|MAIL_FROM|DB_FILE|DATABASE_URL|JEST_\w+)$/.test(k),
    ),
  );
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, ['--import', 'tsx', path.join(API_DIR, script), ...args], {
      cwd: API_DIR,
      env: { ...clean, ...env },
      timeout: 60_000,
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}
