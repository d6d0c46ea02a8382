import type { Limits } from './limits';
import type { InvoiceConfig } from './invoices';
import type { PaymentConfig } from './payments';

/** Connections per API process to PostgreSQL unless PG_POOL_SIZE says otherwise. */
export const DEFAULT_PG_POOL_SIZE = 10;

export interface SmsWebhookConfig {
  url: string;
  /** One header `Name: value` the gateway authenticates with (MSG91 `authkey: …`, `Authorization: Bearer …`). */
  authHeader: { name: string; value: string } | null;
  /** JSON body with `{{mobile}}`, `{{e164}}`, `{{text}}`, `{{code}}` placeholders inside its strings. */
  bodyTemplate: string;
  /**
   * SMS_NOTICE_WEBHOOK_BODY: the body of order notices (issue 38), for gateways where each DLT template has
   * its own id; null: notices use `bodyTemplate` too (which then has to carry `{{text}}`).
   */
  noticeBodyTemplate: string | null;
}

/** Everything the server reads from its environment, with the development defaults of docs/api-contract.md. */
export interface Config {
  /** `production` unless NODE_ENV says `development` or `test`: an unset NODE_ENV fails closed. */
  mode: 'development' | 'production';
  port: number;
  host: string;
  /** SQLite file; `:memory:` is accepted too. Used when `databaseUrl` is null. */
  dbFile: string;
  /** DATABASE_URL: a `postgres://` URL selects PostgreSQL instead of the SQLite file. */
  databaseUrl: string | null;
  /**
   * PG_POOL_SIZE (10): connections each API process keeps to PostgreSQL. All processes together should stay
   * well under the server's max_connections, and a handful per database core is what the server can run at
   * once; more only queue inside the server instead of inside the pool.
   */
  pgPoolSize: number;
  /**
   * REQUEST_TIMEOUT_MS (30 000): time for a client to send a whole request, headers and body; a slower one
   * is answered 408 and closed (a body trickled a byte at a time held a connection open indefinitely).
   * MAX_CONNECTIONS (2 000): open connections to this process; beyond it new ones are closed at once.
   */
  requestTimeoutMs: number;
  maxConnections: number;
  /**
   * The in-process catalogue cache (CATALOG_CACHE entries, 0 turns it off; CATALOG_CACHE_TTL_MS) and how
   * often a process reads the database's catalogue change log (CATALOG_POLL_MS), which is how a stock
   * change made by another API process reaches this one.
   */
  catalogCache: { entries: number; ttlMs: number; pollMs: number };
  /** SEED_PRODUCTS: grow the catalogue to this many products at start (a scale test); 0: the demo's 165. */
  seedProducts: number;
  /** Sent by every client as `x-api-key` (spec §6). */
  apiKey: string;
  /** The fixed store-level `user_token` of logout and the OTP calls (spec §7). */
  storeToken: string;
  /** The shop's public origin (`STORE_URL`): links in e-mails, the sitemap. No trailing slash. */
  storeUrl: string;
  /**
   * The shop's name in what it sends shoppers (`SHOP_NAME`: the OTP SMS, e-mails). Development: the demo
   * shop's; production without it: `STORE_URL`'s host, a name the shopper recognises, never the software's.
   */
  shopName: string;
  /** Development mode: codes and reset tokens also travel in answers and the dev outbox (spec §8 toast). */
  dev: boolean;
  /** Peers whose `X-Forwarded-For` is believed (`TRUSTED_PROXIES`, comma-separated addresses or CIDRs). */
  trustedProxies: string[];
  /** Password hashing cost. Tests lower it; production keeps scrypt's recommended N = 2^15. */
  scrypt: { N: number; r: number; p: number };
  limits: Limits;
  /** Message senders; none configured means codes go only to the development outbox. */
  messages: { smtpUrl: string | null; mailFrom: string; sms: SmsWebhookConfig | null };
  /** Whether to log requests (pino). Off in tests and benchmarks. */
  logger: boolean;
  /** The payment provider and the hold on unpaid prepaid orders (issue 14). */
  payments: PaymentConfig;
  /** The seller on tax invoices, or null when the shop issues none (issue 39, `loadInvoiceConfig`). */
  invoices: InvoiceConfig;
  /** NOTIFY_SWEEP_SECONDS (10): how often this process sends queued order notices; 0 turns it off. */
  notifySweepSeconds: number;
  /** PINCODE_CACHE_SECONDS (60): how long each API process keeps a pincode's row and the shop's delivery rules (issue 39). */
  pincodeCacheSeconds: number;
  /** The owner's pictures and every resized variant (issue 20); keep it with the database. */
  imageDir: string;
  /** The generated catalogue pictures, kept across databases and runs (drawn once per drawing version). */
  photoPoolDir: string;
}

export const DEV_DEFAULTS = {
  API_PORT: '3100',
  API_HOST: '127.0.0.1',
  API_KEY: 'dev-storefront-key',
  STORE_TOKEN: 'dev-store-token',
  STORE_URL: 'http://127.0.0.1:8080',
  MAIL_FROM: 'Storefront <no-reply@storefront.test>',
  /** The demo shop's name (its seeded store info says the same). */
  SHOP_NAME: 'Storefront',
} as const;

/** India's SMS gateways take a JSON body; this one is the neutral default (`SMS_WEBHOOK_BODY` replaces it). */
export const DEFAULT_SMS_BODY = '{"to":"{{e164}}","message":"{{text}}"}';
