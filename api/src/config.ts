import path from 'node:path';

/** Everything the server reads from its environment, with the development defaults of docs/api-contract.md. */
export interface Config {
  port: number;
  host: string;
  /** SQLite file; `:memory:` is accepted too. */
  dbFile: string;
  /** Sent by every client as `x-api-key` (spec §6). */
  apiKey: string;
  /** The fixed store-level `user_token` of logout and the OTP calls (spec §7). */
  storeToken: string;
  /** Development mode: OTP and reset tokens travel in responses because there is no SMS or mail gateway. */
  dev: boolean;
  /** Password hashing cost. Tests lower it; production keeps scrypt's recommended N = 2^15. */
  scrypt: { N: number; r: number; p: number };
  /** Requests per window on the brute-force targets (login, OTP send/verify, forgot password). */
  authRateLimit: { max: number; windowMs: number };
  /** Minimum seconds between two OTP sends to one mobile. */
  otpResendSeconds: number;
  /** Whether to log requests (pino). Off in tests and benchmarks. */
  logger: boolean;
  /** The payment provider and the hold on unpaid prepaid orders (issue 14). */
  payments: PaymentConfig;
}

export const DEV_DEFAULTS = {
  API_PORT: '3100',
  API_HOST: '127.0.0.1',
  API_KEY: 'dev-storefront-key',
  STORE_TOKEN: 'dev-store-token',
} as const;

export const DEFAULT_DB_FILE = path.resolve(__dirname, '..', 'data', 'storefront.sqlite');

function int(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) ? n : fallback;
}

/** Reads the configuration; unset variables take the development defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  return {
    port: int(env.API_PORT, Number(DEV_DEFAULTS.API_PORT)),
    host: env.API_HOST || DEV_DEFAULTS.API_HOST,
    dbFile: env.DB_FILE ? path.resolve(env.DB_FILE) : DEFAULT_DB_FILE,
    apiKey: env.API_KEY || DEV_DEFAULTS.API_KEY,
    storeToken: env.STORE_TOKEN || DEV_DEFAULTS.STORE_TOKEN,
    dev: nodeEnv === 'development' || nodeEnv === 'test',
    scrypt: { N: 2 ** 15, r: 8, p: 1 },
    authRateLimit: { max: int(env.AUTH_RATE_LIMIT, 10), windowMs: 60_000 },
    otpResendSeconds: int(env.OTP_RESEND_SECONDS, 30),
    logger: env.API_LOG === '1',
    payments: loadPaymentConfig(env, nodeEnv === 'development' || nodeEnv === 'test'),
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
  /** `PAYMENT_PROVIDER`: 'test' (development and test only) or 'razorpay'. */
  provider: 'test' | 'razorpay';
  /** `PAYMENT_HOLD_MINUTES` (15): how long an unpaid prepaid checkout keeps its stock. Fractions allowed. */
  holdMinutes: number;
  /** `PAYMENT_SWEEP_SECONDS` (30): how often the API process expires unpaid checkouts; 0 turns it off. */
  sweepSeconds: number;
  razorpay: RazorpayConfig | null;
}

/**
 * The payment settings. Outside development and test the test provider is refused, and so is Razorpay
 * without its key id, key secret and webhook secret: the process does not start (issue 14).
 */
export function loadPaymentConfig(env: NodeJS.ProcessEnv, dev: boolean): PaymentConfig {
  const provider = env.PAYMENT_PROVIDER || (dev ? 'test' : 'razorpay');
  if (provider !== 'test' && provider !== 'razorpay') throw new Error(`PAYMENT_PROVIDER must be razorpay or test, not ${provider}`);
  if (provider === 'test' && !dev) {
    throw new Error('PAYMENT_PROVIDER=test moves no money and is refused in production: set PAYMENT_PROVIDER=razorpay and its keys');
  }
  const hold = Number(env.PAYMENT_HOLD_MINUTES);
  const sweep = Number(env.PAYMENT_SWEEP_SECONDS);
  let razorpay: RazorpayConfig | null = null;
  if (provider === 'razorpay') {
    const missing = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'].filter((k) => !env[k]);
    if (missing.length) throw new Error(`PAYMENT_PROVIDER=razorpay needs ${missing.join(', ')}`);
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
  };
}
