import path from 'node:path';
import { gstStateCode, gstinProblem } from '@storefront/contract';

/** Connections per API process to PostgreSQL unless PG_POOL_SIZE says otherwise. */
export const DEFAULT_PG_POOL_SIZE = 10;

/** A counting window: at most `max` hits per `windowMs`. */
export interface LimitWindow {
  max: number;
  windowMs: number;
}

/**
 * The abuse limits (issue 13). Per-address limits count every request from one client address (read from
 * `X-Forwarded-For` only when the peer is a trusted proxy); per-identity limits hold whatever the address.
 */
export interface Limits {
  /** Per address: scrypt-spending and mail/SMS-triggering calls. */
  register: LimitWindow;
  login: LimitWindow;
  /** Per address: reset-link passwords set (each a token lookup and a scrypt), made-up tokens included. */
  tokenPassword: LimitWindow;
  /** Account details changes (each may mail a code to a new address): per client network, and per account. */
  detailsChangeAddress: LimitWindow;
  detailsChangeAccount: LimitWindow;
  forgotPassword: LimitWindow;
  contact: LimitWindow;
  newsletter: LimitWindow;
  /** Per client network: checks of pincodes the owner's list does not hold (issue 39: a scan of made-up ones). */
  pincodeCheck: LimitWindow;
  otpSendAddress: LimitWindow;
  otpVerifyAddress: LimitWindow;
  /** Per e-mail: reset links sent, known address or not (mailbox flooding). */
  forgotPasswordEmail: LimitWindow;
  /** Per e-mail: codes sent to prove it before an account's e-mail becomes it (mailbox flooding, code guessing). */
  emailCodeSend: LimitWindow;
  /** Per mobile: codes sent, whichever route and address asked (SMS pumping, harassment). */
  otpSendMobile: LimitWindow;
  /**
   * Per mobile and purpose: codes sent within the window (`max` 1, OTP_RESEND_SECONDS). Counted by the same
   * atomic store as the others, so two simultaneous sends, on one API process or two, give one code.
   */
  otpResend: LimitWindow;
  /** Per mobile: wrong codes across every code sent to it (guessing by asking for new codes). */
  otpWrongMobile: LimitWindow;
  /** Per account: failed password sign-ins kept for `windowMs`; beyond `max` each one locks for `lockMs` × 2^n. */
  loginFailures: LimitWindow & { lockMs: number };
  /** Issue 38, staff. Per address: both steps of a staff sign-in. */
  staffSignInAddress: LimitWindow;
  /** Per e-mail typed: failed staff passwords, locking like `loginFailures`. */
  staffSignInFailures: LimitWindow & { lockMs: number };
  /** Per member: wrong second-factor codes across challenges (guessing by signing in again). */
  staffCodeWrong: LimitWindow;
  /** Per member: every staff request (a stolen session cannot script the shop at full speed). */
  staffRequests: LimitWindow;
  /** Issue 39: tax-document PDFs drawn, per customer and per client network (each one CPU on the API's thread). */
  invoiceDownloadCustomer: LimitWindow;
  invoiceDownloadAddress: LimitWindow;
}

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

export const DEFAULT_DB_FILE = path.resolve(__dirname, '..', 'data', 'storefront.sqlite');
export const DEFAULT_IMAGE_DIR = path.resolve(__dirname, '..', 'data', 'images');
export const DEFAULT_PHOTO_POOL_DIR = path.resolve(__dirname, '..', 'data', 'photo-pool');

/** `SHOP_NAME`, else the development default or, in production, the host of the shop's origin. */
function shopName(env: NodeJS.ProcessEnv, storeUrl: string, dev: boolean): string {
  const named = env.SHOP_NAME?.trim();
  if (named) return named;
  if (dev) return DEV_DEFAULTS.SHOP_NAME;
  try {
    return new URL(storeUrl).host;
  } catch {
    // No usable STORE_URL: configProblems refuses to start, so this name is never sent.
    return '';
  }
}

function int(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) ? n : fallback;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Production limits. Per-address numbers are per minute and generous because Indian mobile networks put
 * many shoppers behind one carrier-grade NAT address; what protects an account or a mobile is the
 * per-identity limits, which no address change escapes.
 */
export function productionLimits(scale = 1): Limits {
  const perAddress = (max: number): LimitWindow => ({ max: Math.max(1, Math.round(max * scale)), windowMs: MINUTE });
  return {
    register: perAddress(10),
    login: perAddress(20),
    tokenPassword: perAddress(10),
    detailsChangeAddress: perAddress(20),
    detailsChangeAccount: { max: 10, windowMs: HOUR },
    forgotPassword: perAddress(5),
    contact: perAddress(5),
    newsletter: perAddress(10),
    pincodeCheck: perAddress(120),
    otpSendAddress: perAddress(10),
    otpVerifyAddress: perAddress(30),
    forgotPasswordEmail: { max: 5, windowMs: HOUR },
    emailCodeSend: { max: 5, windowMs: HOUR },
    otpSendMobile: { max: 5, windowMs: HOUR },
    otpResend: { max: 1, windowMs: 30_000 },
    otpWrongMobile: { max: 10, windowMs: HOUR },
    loginFailures: { max: 5, windowMs: 24 * HOUR, lockMs: MINUTE },
    staffSignInAddress: perAddress(10),
    staffSignInFailures: { max: 5, windowMs: 24 * HOUR, lockMs: MINUTE },
    staffCodeWrong: { max: 10, windowMs: HOUR },
    staffRequests: { max: 300, windowMs: MINUTE },
    invoiceDownloadCustomer: { max: 30, windowMs: HOUR },
    invoiceDownloadAddress: perAddress(60),
  };
}

function parseSms(env: NodeJS.ProcessEnv): SmsWebhookConfig | null {
  const url = env.SMS_WEBHOOK_URL?.trim();
  if (!url) return null;
  const auth = env.SMS_WEBHOOK_AUTH?.trim();
  let authHeader: SmsWebhookConfig['authHeader'] = null;
  if (auth) {
    const colon = auth.indexOf(':');
    authHeader =
      colon > 0 ? { name: auth.slice(0, colon).trim(), value: auth.slice(colon + 1).trim() } : { name: 'authorization', value: auth };
  }
  return {
    url,
    authHeader,
    bodyTemplate: env.SMS_WEBHOOK_BODY?.trim() || DEFAULT_SMS_BODY,
    noticeBodyTemplate: env.SMS_NOTICE_WEBHOOK_BODY?.trim() || null,
  };
}

/** Reads the configuration; unset variables take the development defaults (refused in production by `configProblems`). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = env.NODE_ENV === 'development' || env.NODE_ENV === 'test' ? 'development' : 'production';
  const dev = mode === 'development';
  const scale = Number(env.RATE_LIMIT_SCALE);
  const storeUrl = (env.STORE_URL?.trim() || (dev ? DEV_DEFAULTS.STORE_URL : '')).replace(/\/+$/, '');
  return {
    mode,
    port: int(env.API_PORT, Number(DEV_DEFAULTS.API_PORT)),
    host: env.API_HOST || DEV_DEFAULTS.API_HOST,
    dbFile: env.DB_FILE ? path.resolve(env.DB_FILE) : DEFAULT_DB_FILE,
    databaseUrl: env.DATABASE_URL || null,
    pgPoolSize: Math.min(100, Math.max(1, int(env.PG_POOL_SIZE, DEFAULT_PG_POOL_SIZE))),
    requestTimeoutMs: Math.max(100, int(env.REQUEST_TIMEOUT_MS, 30_000)),
    maxConnections: Math.max(1, int(env.MAX_CONNECTIONS, 2000)),
    seedProducts: int(env.SEED_PRODUCTS, 0),
    catalogCache: {
      entries: int(env.CATALOG_CACHE, 2000),
      ttlMs: int(env.CATALOG_CACHE_TTL_MS, 30_000),
      pollMs: int(env.CATALOG_POLL_MS, 200),
    },
    apiKey: env.API_KEY || DEV_DEFAULTS.API_KEY,
    storeToken: env.STORE_TOKEN || DEV_DEFAULTS.STORE_TOKEN,
    storeUrl,
    shopName: shopName(env, storeUrl, dev),
    dev,
    // The edge host on the same machine proxies /api, so loopback is the one proxy trusted by default.
    trustedProxies: (env.TRUSTED_PROXIES ?? '127.0.0.1,::1')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    scrypt: { N: 2 ** 15, r: 8, p: 1 },
    // Development runs every browser test from one address: per-address limits are 20 times wider there.
    limits: {
      ...productionLimits(Number.isFinite(scale) && scale > 0 ? scale : dev ? 20 : 1),
      otpResend: { max: 1, windowMs: int(env.OTP_RESEND_SECONDS, 30) * 1000 },
    },
    messages: {
      smtpUrl: env.SMTP_URL?.trim() || null,
      mailFrom: env.MAIL_FROM?.trim() || (dev ? DEV_DEFAULTS.MAIL_FROM : ''),
      sms: parseSms(env),
    },
    logger: env.API_LOG === '1',
    payments: loadPaymentConfig(env, dev),
    invoices: loadInvoiceConfig(env, dev),
    notifySweepSeconds: Math.max(0, int(env.NOTIFY_SWEEP_SECONDS, 10)),
    pincodeCacheSeconds: Math.max(0, int(env.PINCODE_CACHE_SECONDS, 60)),
    imageDir: env.IMAGE_DIR ? path.resolve(env.IMAGE_DIR) : DEFAULT_IMAGE_DIR,
    photoPoolDir: env.PHOTO_POOL_DIR ? path.resolve(env.PHOTO_POOL_DIR) : DEFAULT_PHOTO_POOL_DIR,
  };
}

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  apiUrl: string;
  checkoutUrl: string;
}

export interface PaymentConfig {
  /**
   * `PAYMENT_PROVIDER`: 'razorpay', 'none' (cash on delivery only: no prepaid choice, no payment routes) or
   * 'test' (development and test only).
   */
  provider: 'test' | 'razorpay' | 'none';
  /** `PAYMENT_HOLD_MINUTES` (15): how long an unpaid prepaid checkout keeps its stock. Fractions allowed. */
  holdMinutes: number;
  /** `PAYMENT_SWEEP_SECONDS` (30): how often the API process expires unpaid checkouts; 0 turns it off. */
  sweepSeconds: number;
  razorpay: RazorpayConfig | null;
  /** What makes these settings unusable in production, one line each (`configProblems` reports them). */
  problems: string[];
}

/**
 * The payment settings (issue 14). In production the test provider, and Razorpay without its key id, key
 * secret and webhook secret, are problems `configProblems` names (the process does not start); in
 * development a Razorpay without its keys cannot work either, so it throws at once.
 */
export function loadPaymentConfig(env: NodeJS.ProcessEnv, dev: boolean): PaymentConfig {
  const provider = env.PAYMENT_PROVIDER?.trim() || (dev ? 'test' : 'razorpay');
  const problems: string[] = [];
  if (provider !== 'test' && provider !== 'razorpay' && provider !== 'none') {
    // A typo must not start a shop whose payments silently do something else.
    const problem = `PAYMENT_PROVIDER must be razorpay, none (cash on delivery only) or test, not ${provider}`;
    if (dev) throw new Error(problem);
    return { provider: 'none', holdMinutes: 15, sweepSeconds: 30, razorpay: null, problems: [problem] };
  }
  if (provider === 'test' && !dev) {
    problems.push(
      'PAYMENT_PROVIDER=test moves no money and is refused in production: set PAYMENT_PROVIDER=razorpay and its keys, or none for cash on delivery only',
    );
  }
  const hold = Number(env.PAYMENT_HOLD_MINUTES);
  const sweep = Number(env.PAYMENT_SWEEP_SECONDS);
  let razorpay: RazorpayConfig | null = null;
  if (provider === 'razorpay') {
    const missing = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'].filter((k) => !env[k]);
    if (missing.length) {
      const problem = `PAYMENT_PROVIDER=razorpay needs ${missing.join(', ')}`;
      if (dev) throw new Error(problem);
      problems.push(problem);
    }
    razorpay = {
      keyId: env.RAZORPAY_KEY_ID ?? '',
      keySecret: env.RAZORPAY_KEY_SECRET ?? '',
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? '',
      apiUrl: env.RAZORPAY_API_URL || 'https://api.razorpay.com',
      checkoutUrl: env.RAZORPAY_CHECKOUT_URL || 'https://checkout.razorpay.com/v1/checkout.js',
    };
  }
  return {
    provider,
    holdMinutes: env.PAYMENT_HOLD_MINUTES && Number.isFinite(hold) && hold > 0 ? hold : 15,
    sweepSeconds: env.PAYMENT_SWEEP_SECONDS && Number.isFinite(sweep) && sweep >= 0 ? sweep : 30,
    razorpay,
    problems,
  };
}

/** A URL to this machine (a local relay): nothing sent to it crosses a network. */
function isLoopbackUrl(value: string): boolean {
  try {
    const host = new URL(value).hostname;
    return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}

/**
 * Whether mail is sent over TLS: implicit (smtps://), STARTTLS made mandatory (nodemailer's `requireTLS`
 * in the URL's query), or to this machine. Plain smtp:// alone upgrades only if the server offers it.
 */
function smtpUsesTls(smtpUrl: string): boolean {
  if (smtpUrl.startsWith('smtps://') || isLoopbackUrl(smtpUrl)) return true;
  try {
    return new URL(smtpUrl).searchParams.get('requireTLS') === 'true';
  } catch {
    return false;
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * What makes this configuration unsafe to serve real shoppers: one line per problem, empty when fine. Only
 * production is checked; the server refuses to start on any line (the demo account is checked on the
 * database, see `bootstrap.ts`).
 */
export function configProblems(config: Config): string[] {
  if (config.dev) return [];
  const problems: string[] = [];
  if (config.apiKey === DEV_DEFAULTS.API_KEY) problems.push('API_KEY is the development key: set a key of your own');
  if (config.storeToken === DEV_DEFAULTS.STORE_TOKEN) problems.push('STORE_TOKEN is the development token: set a token of your own');
  if (!config.storeUrl) problems.push('STORE_URL (the public origin, e.g. https://shop.example.in) is not set');
  else if (!isHttpUrl(config.storeUrl)) problems.push(`STORE_URL is not an http(s) URL: ${config.storeUrl}`);
  const { smtpUrl, mailFrom, sms } = config.messages;
  if (!sms) problems.push('no SMS sender: set SMS_WEBHOOK_URL (one-time codes for sign-in and checkout are sent by SMS)');
  else {
    if (!isHttpUrl(sms.url)) problems.push(`SMS_WEBHOOK_URL is not an http(s) URL: ${sms.url}`);
    else if (!sms.url.startsWith('https://') && !isLoopbackUrl(sms.url))
      problems.push(`SMS_WEBHOOK_URL must be https:// (codes travel in it), or http:// to this machine only: ${sms.url}`);
    try {
      JSON.parse(sms.bodyTemplate);
    } catch {
      problems.push('SMS_WEBHOOK_BODY is not valid JSON');
    }
    if (sms.noticeBodyTemplate !== null) {
      try {
        JSON.parse(sms.noticeBodyTemplate);
      } catch {
        problems.push('SMS_NOTICE_WEBHOOK_BODY is not valid JSON');
      }
    }
  }
  if (!smtpUrl) problems.push('no e-mail sender: set SMTP_URL (password reset links are sent by e-mail)');
  else if (!/^smtps?:\/\//.test(smtpUrl)) problems.push('SMTP_URL must start with smtp:// or smtps://');
  else if (!smtpUsesTls(smtpUrl))
    problems.push('SMTP_URL must use TLS: smtps://…, or smtp://…?requireTLS=true (its password and reset links travel in it)');
  if (smtpUrl && !mailFrom) problems.push('MAIL_FROM (the sender address of e-mails) is not set');
  problems.push(...config.payments.problems);
  problems.push(...config.invoices.problems);
  for (const p of config.trustedProxies) {
    if (p === '*' || p === '0.0.0.0/0' || p === '::/0') problems.push(`TRUSTED_PROXIES must not trust every address (${p})`);
  }
  return problems;
}

/** The registered seller printed on every tax invoice (issue 39). */
export interface InvoiceSeller {
  legalName: string;
  address: string;
  /** A state name GST knows (contract GST_STATE_CODES): intra-state sales are taxed CGST + SGST. */
  state: string;
  gstin: string;
}

export interface InvoiceConfig {
  /** Null: INVOICES=off, the shop issues no tax invoices (not GST-registered). */
  seller: InvoiceSeller | null;
  problems: string[];
}

/** The development seller: a made-up GSTIN with a valid check character, refused in production. */
export const DEV_INVOICE_SELLER: InvoiceSeller = {
  legalName: 'Storefront Retail Private Limited',
  address: '12, 80 Feet Road, Koramangala, Bengaluru 560034',
  state: 'Karnataka',
  gstin: '29AABCS1234C1ZT',
};

/**
 * The tax invoice settings: INVOICE_LEGAL_NAME, INVOICE_ADDRESS, INVOICE_STATE and INVOICE_GSTIN, or
 * INVOICES=off for a shop that is not GST-registered. Fails closed: in production every one of them is
 * required (a registered seller must invoice every sale), the GSTIN must be valid, its state code must be
 * the state's, and the development seller is refused. Development falls back to DEV_INVOICE_SELLER.
 */
export function loadInvoiceConfig(env: NodeJS.ProcessEnv, dev: boolean): InvoiceConfig {
  const switchedOff = env.INVOICES?.trim().toLowerCase();
  if (switchedOff === 'off') return { seller: null, problems: [] };
  const problems: string[] = [];
  if (switchedOff && switchedOff !== 'on') problems.push(`INVOICES must be on or off, not ${env.INVOICES ?? ''}`);
  const missing: string[] = [];
  const pick = (name: string, fallback: string): string => {
    const value = env[name]?.trim().replace(/\s+/g, ' ');
    if (value) return value;
    if (!dev) missing.push(name);
    return dev ? fallback : '';
  };
  const seller: InvoiceSeller = {
    legalName: pick('INVOICE_LEGAL_NAME', DEV_INVOICE_SELLER.legalName),
    address: pick('INVOICE_ADDRESS', DEV_INVOICE_SELLER.address),
    state: pick('INVOICE_STATE', DEV_INVOICE_SELLER.state),
    gstin: pick('INVOICE_GSTIN', DEV_INVOICE_SELLER.gstin).toUpperCase(),
  };
  if (missing.length)
    problems.push(`${missing.join(', ')} not set: tax invoices need the seller (or set INVOICES=off if the shop is not GST-registered)`);
  const code = seller.state ? gstStateCode(seller.state) : undefined;
  if (seller.state && !code) problems.push(`INVOICE_STATE is not an Indian state or union territory GST knows: ${seller.state}`);
  if (seller.gstin) {
    const problem = gstinProblem(seller.gstin);
    if (problem) problems.push(`INVOICE_GSTIN ${seller.gstin}: ${problem}`);
    else if (code && seller.gstin.slice(0, 2) !== code)
      problems.push(`INVOICE_GSTIN ${seller.gstin} is registered in state code ${seller.gstin.slice(0, 2)}, not ${seller.state} (${code})`);
    if (!dev && seller.gstin === DEV_INVOICE_SELLER.gstin) problems.push("INVOICE_GSTIN is the development GSTIN: set the shop's own");
  }
  if (dev && problems.length) throw new Error(problems.join('; '));
  return { seller, problems };
}
